import Foundation

/// What the built-in views show, decided here so it is tested without SwiftUI.
extension ChangeCredentialState {
    /// The smallest side of a tappable control, in points (Apple's Human Interface Guidelines).
    package nonisolated static let minimumHitTarget: CGFloat = 44

    /// What the sheet's body shows.
    package enum SheetContent: Sendable, Equatable {
        /// The two fields, hint and message.
        case form
        /// The notice that the credential cannot be changed here, instead of the form.
        case unavailable(title: String, message: String)
    }

    /// The form, or the unavailable notice when the schema does not declare the credential.
    package var sheetContent: SheetContent {
        guard let title = unavailableTitle else { return .form }
        return .unavailable(title: title, message: unavailableMessage ?? "")
    }

    /// Whether the sheet has its submit ("Change") button: not on the unavailable notice.
    package var showsSubmitButton: Bool { Self.showsSubmitButton(for: sheetContent) }

    /// `showsSubmitButton` for `content`.
    nonisolated static func showsSubmitButton(for content: SheetContent) -> Bool {
        switch content {
        case .form: true
        case .unavailable: false
        }
    }

    /// A height the sheet may take.
    package enum SheetHeight: Sendable, Equatable {
        /// About half the screen.
        case medium
        /// The full screen.
        case large
    }

    /// The heights the compact sheet offers: half, and full for the form (room for the keyboard
    /// and large Dynamic Type sizes).
    package var sheetHeights: [SheetHeight] { Self.sheetHeights(for: sheetContent) }

    private nonisolated static let formHeights: [SheetHeight] = [.medium, .large]
    private nonisolated static let noticeHeights: [SheetHeight] = [.medium]

    /// `sheetHeights` for `content`.
    nonisolated static func sheetHeights(for content: SheetContent) -> [SheetHeight] {
        switch content {
        case .form: formHeights
        case .unavailable: noticeHeights
        }
    }

    /// What the row shows and reads to VoiceOver: "Change {credential}", as in the SDK family.
    package var rowLabel: String { title }

    /// The label of the loading indicator the built-in sheet shows while the schema is fetched
    /// ("Loading…"); show it while ``isSchemaLoading`` is `true`.
    public var loadingLabel: String { texts.loading }

    /// Whether Cancel and the fields accept input: not while the change is being posted.
    package var acceptsInput: Bool { !loading }

    /// The keyboard and AutoFill content type for this credential's fields.
    package var entry: CredentialEntry { texts.entry }
}
