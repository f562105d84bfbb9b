import Observation
import Synchronization
import ThunderID

/// One view of the built-in SwiftUI UI (`Sources/ThunderIDSwiftUI`) as SwiftUI drives it: its body
/// reads the state under observation tracking, and it is evaluated again only after a change to
/// something it read (the tracking's `onChange` marks it invalidated).
final class TrackedView: Sendable {
    let name: String
    private let body: @MainActor @Sendable (ChangeCredentialState) -> Int
    private let invalidated = Atomic<Bool>(true)
    private let evaluations = Atomic<Int>(0)

    init(_ name: String, body: @escaping @MainActor @Sendable (ChangeCredentialState) -> Int) {
        self.name = name
        self.body = body
    }

    /// Evaluates the body under tracking if a change invalidated it since its last evaluation.
    @MainActor
    func renderIfInvalidated(_ state: ChangeCredentialState) -> Int {
        guard invalidated.exchange(false, ordering: .relaxed) else { return 0 }
        evaluations.add(1, ordering: .relaxed)
        return withObservationTracking { body(state) } onChange: { [self] in
            invalidated.store(true, ordering: .relaxed)
        }
    }

    /// How many times the body was evaluated.
    var evaluationCount: Int { evaluations.load(ordering: .relaxed) }
}

/// The views on screen while the sheet is open, each with what its body reads:
/// - the row (`ChangeCredentialRow`): the display name, its accessibility label, the loading flag
///   it watches with `onChange`, and the sheet binding's `isPresented`;
/// - the announcer (`ChangeCredentialAnnouncer`): `announcement`;
/// - the sheet (`ChangeCredentialSheet`): one `sheetModel`, from which it passes labels and flags
///   to its two `CredentialInputRow`s.
/// The text fields' bindings read the typed values without an observation (`untrackedValue`): the
/// field shows what the user typed, and the state replaces the values only when the sheet closes.
@MainActor
func builtInViews() -> [TrackedView] {
    [
        TrackedView("row") { state in
            var total = state.credentialDisplayName.utf8.count &+ state.rowLabel.utf8.count
            total &+= (state.loading ? 1 : 0) &+ (state.isPresented ? 2 : 0)
            return total
        },
        TrackedView("announcer") { state in
            let announcement = state.announcement
            return (announcement.error?.utf8.count ?? 0) &+ (announcement.success?.utf8.count ?? 0)
        },
        TrackedView("sheet") { state in
            var total = 0
            let model = state.sheetModel
            total &+= model.title.utf8.count &+ model.cancelLabel.utf8.count &+ model.submitLabel.utf8.count
            total &+= (model.acceptsInput ? 1 : 0) &+ (model.showsSubmitButton ? 2 : 0) &+ (model.isSubmitEnabled ? 4 : 0)
            total &+= model.sheetHeights.count
            switch model.content {
            case .form: total &+= 1
            case .unavailable(let title, let message): total &+= title.utf8.count &+ message.utf8.count
            }
            for field in ChangeCredentialMachine.Field.allCases {
                let shown = model.field(field)
                total &+= shown.label.utf8.count &+ shown.maskingLabel.utf8.count &+ (shown.isMasked ? 1 : 0)
            }
            total &+= model.entry == .password ? 1 : 0
            total &+= model.requirementHint?.utf8.count ?? 0
            total &+= model.error?.utf8.count ?? 0
            if model.isSchemaLoading { total &+= model.loadingLabel.utf8.count }
            return total
        },
    ]
}

/// What SwiftUI does after a keystroke: the text field reads its binding back, and every view
/// that the keystroke's changes invalidated evaluates its body again under tracking.
@MainActor
func renderAfterKeystroke(_ state: ChangeCredentialState, views: [TrackedView]) -> Int {
    var total = state.untrackedValue(.newValue).utf8.count &+ state.untrackedValue(.confirmation).utf8.count
    for view in views { total &+= view.renderIfInvalidated(state) }
    return total
}
