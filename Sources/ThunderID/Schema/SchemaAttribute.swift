/// One attribute of a user type schema, as `GET /users/me/meta` declares it. Every known key is kept
/// whatever the type, and unknown keys are ignored; ``effectiveRegex`` honours `pattern`, the
/// server's alias for `regex`.
package struct SchemaAttribute: Sendable, Equatable {
    package enum AttributeType: Sendable, Equatable, CustomStringConvertible {
        /// `"string"`
        case string
        /// `"number"`
        case number
        /// `"boolean"`
        case boolean
        /// `"object"`, with ``SchemaAttribute/properties``.
        case object
        /// `"array"`, with ``SchemaAttribute/items``.
        case array
        /// A type this client does not know; kept so a newer server does not break the schema.
        case unknown(String)

        package init(name: String) {
            self = [.string, .number, .boolean, .object, .array].first { $0.name == name } ?? .unknown(name)
        }

        package var name: String {
            switch self {
            case .string: "string"
            case .number: "number"
            case .boolean: "boolean"
            case .object: "object"
            case .array: "array"
            case .unknown(let name): name
            }
        }

        package var description: String { name }
    }

    /// One allowed value of an `enum`.
    package enum EnumValue: Sendable, Equatable {
        case string(String)
        case number(Double)
    }

    package var type: AttributeType
    /// `required`; false when absent.
    package var isRequired: Bool
    /// `unique`; false when absent.
    package var isUnique: Bool
    /// `credential`; false when absent. A credential's value is write-only and never returned.
    package var isCredential: Bool
    /// `displayName` as stored: plain text or an i18n template such as `{{t(custom:user.pin)}}`.
    package var displayName: String?
    /// `enum`, when declared.
    package var enumValues: [EnumValue]?
    /// `regex`, when declared.
    package var regex: String?
    /// `pattern`, the server's alias for `regex`, when declared.
    package var pattern: String?
    /// `description`, the requirement hint, when present (the server sends none today).
    package var hint: String?
    /// The properties of an object attribute, by name.
    package var properties: [String: SchemaAttribute]
    /// The property names in document order.
    package var propertyNames: [String]
    private var itemStorage: [SchemaAttribute]

    /// The item definition of an array attribute.
    package var items: SchemaAttribute? {
        get { itemStorage.first }
        set { itemStorage = newValue.map { [$0] } ?? [] }
    }

    /// The regex to enforce: `regex`, else its alias `pattern`.
    package var effectiveRegex: String? { regex ?? pattern }

    /// An attribute definition; every key but `type` is optional.
    package init(
        type: AttributeType,
        isRequired: Bool = false,
        isUnique: Bool = false,
        isCredential: Bool = false,
        displayName: String? = nil,
        enumValues: [EnumValue]? = nil,
        regex: String? = nil,
        pattern: String? = nil,
        hint: String? = nil,
        properties: [(name: String, attribute: SchemaAttribute)] = [],
        items: SchemaAttribute? = nil
    ) {
        self.type = type
        self.isRequired = isRequired
        self.isUnique = isUnique
        self.isCredential = isCredential
        self.displayName = displayName
        self.enumValues = enumValues
        self.regex = regex
        self.pattern = pattern
        self.hint = hint
        self.properties = Dictionary(properties.map { ($0.name, $0.attribute) }, uniquingKeysWith: { _, last in last })
        var seen = Set<String>()
        self.propertyNames = properties.map(\.name).reversed().filter { seen.insert($0).inserted }.reversed()
        self.itemStorage = items.map { [$0] } ?? []
    }
}
