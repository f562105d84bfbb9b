import Foundation
import Testing
@testable import ThunderID

/// Display names: plain text, i18n templates through a resolver, and the title-cased fallback.
@Suite("Display names")
struct DisplayNameTests {
    @Test("Attribute names title-case into words", arguments: [
        ("password", "Password"),
        ("recovery_code", "Recovery Code"),
        ("backupPin", "Backup Pin"),
        ("pin", "Pin"),
        ("given_name", "Given Name"),
        ("HTTPToken", "HTTP Token"),
        ("pin2", "Pin2"),
        ("pin2Code", "Pin2 Code"),
        ("__secret--key__", "Secret Key"),
        ("mobile.number", "Mobile Number"),
        ("PIN", "PIN"),
        ("émailCode", "Émail Code"),
        ("", ""),
    ])
    func titleCase(name: String, expected: String) {
        #expect(UserSchema.titleCase(name) == expected)
    }

    @Test("A plain displayName is used as is (trimmed)")
    func plain() {
        let resolver = InMemoryDisplayNameResolver()
        #expect(resolver.displayName("Secret PIN", forAttribute: "pin") == "Secret PIN")
        #expect(resolver.displayName("  PIN  ", forAttribute: "pin") == "PIN")
    }

    @Test("No, empty or blank displayName falls back to the title-cased attribute name")
    func fallback() {
        let resolver = InMemoryDisplayNameResolver()
        #expect(resolver.displayName(nil, forAttribute: "recovery_code") == "Recovery Code")
        #expect(resolver.displayName("", forAttribute: "backupPin") == "Backup Pin")
        #expect(resolver.displayName("   ", forAttribute: "pin") == "Pin")
    }

    @Test("An i18n template resolves through the resolver's table")
    func template() {
        let resolver = InMemoryDisplayNameResolver(["custom:user.pin": "PIN", "custom:user.kind": "Backup"])
        #expect(resolver.displayName("{{t(custom:user.pin)}}", forAttribute: "pin") == "PIN")
        #expect(resolver.displayName("{{ t(custom:user.pin) }}", forAttribute: "pin") == "PIN")
        #expect(resolver.displayName("{{t(custom:user.kind)}} {{t(custom:user.pin)}}", forAttribute: "backupPin") == "Backup PIN")
        #expect(resolver.displayName("My {{t(custom:user.pin)}}", forAttribute: "pin") == "My PIN")
    }

    @Test("An unresolved or malformed template falls back to the title-cased name", arguments: [
        "{{t(custom:user.unknown)}}",
        "{{t()}}",
        "{{custom:user.pin}}",
        "{{t(custom:user.pin)",
        "PIN {{t(custom:user.pin)}} {{t(custom:user.missing)}}",
    ])
    func unresolved(template: String) {
        let resolver = InMemoryDisplayNameResolver(["custom:user.pin": "PIN"])
        #expect(resolver.displayName(template, forAttribute: "backupPin") == "Backup Pin")
    }

    @Test("A custom resolver is consulted with the key inside t(…)")
    func customResolver() {
        struct Upper: DisplayNameResolving {
            func text(forKey key: String) -> String? { key.hasPrefix("custom:") ? String(key.dropFirst(7)).uppercased() : nil }
        }
        #expect(Upper().displayName("{{t(custom:user.pin)}}", forAttribute: "pin") == "USER.PIN")
        #expect(Upper().displayName("{{t(other:pin)}}", forAttribute: "pin") == "Pin")
    }
}
