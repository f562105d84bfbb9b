import Observation
import ThunderID

/// What the built-in SwiftUI views (`Sources/ThunderIDSwiftUI`) read from the state each time
/// they render after a keystroke: the sheet's one `sheetModel` read and its two field bindings
/// (`ChangeCredentialSheet`), the row's display name, label and loading flag (`ChangeCredentialRow`)
/// and the announcer's `announcement`. Returns a number built from the answers, so nothing is
/// optimized away.
@MainActor
func readWhatTheSheetReads(_ state: ChangeCredentialState) -> Int {
    var total = 0
    // The row.
    total &+= state.credentialDisplayName.utf8.count
    total &+= state.rowAccessibilityLabel.utf8.count
    total &+= state.loading ? 1 : 0
    // The sheet: its model, then the fields' bindings.
    let model = state.sheetModel
    total &+= model.title.utf8.count &+ model.cancelLabel.utf8.count &+ model.submitLabel.utf8.count
    total &+= (model.acceptsInput ? 1 : 0) &+ (model.showsSaveButton ? 2 : 0) &+ (model.isSubmitEnabled ? 4 : 0)
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
    total &+= state.newValue.utf8.count &+ state.confirmValue.utf8.count
    // The announcer.
    let announcement = state.announcement
    total &+= announcement.error?.utf8.count ?? 0
    return total
}

/// Re-reads the sheet under observation tracking, as SwiftUI does after each change: the
/// registration is dropped by the next change, which calls `onChange`.
@MainActor
func trackedSheetRead(_ state: ChangeCredentialState) -> Int {
    withObservationTracking { readWhatTheSheetReads(state) } onChange: {}
}
