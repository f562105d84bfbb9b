import Observation
import ThunderID

/// What the built-in SwiftUI views (`Sources/ThunderIDSwiftUI`: the row, the sheet, its two
/// `CredentialInputRow`s and the announcer) read from the state each time they render, in the
/// order the sheet's body reads them. Returns a number built from the answers, so nothing is
/// optimized away.
@MainActor
func readWhatTheSheetReads(_ state: ChangeCredentialState) -> Int {
    var total = 0
    // The row.
    total &+= state.credentialDisplayName.utf8.count
    total &+= state.rowAccessibilityLabel.utf8.count
    total &+= state.loading ? 1 : 0
    // The sheet's navigation bar and toolbar.
    total &+= state.title.utf8.count
    total &+= state.cancelLabel.utf8.count
    total &+= state.acceptsInput ? 1 : 0
    total &+= state.showsSaveButton ? 1 : 0
    total &+= state.submitLabel.utf8.count
    total &+= state.isSubmitEnabled ? 1 : 0
    total &+= state.sheetHeights.count
    // The form.
    switch state.sheetContent {
    case .form: total &+= 1
    case .unavailable(let title, let message): total &+= title.utf8.count &+ message.utf8.count
    }
    let entry = state.entry
    total &+= entry == entry ? 1 : 0
    for field in ChangeCredentialMachine.Field.allCases {
        total &+= (field == .newValue ? state.newValueLabel : state.confirmationLabel).utf8.count
        total &+= (field == .newValue ? state.newValue : state.confirmValue).utf8.count
        total &+= state.isMasked(field) ? 1 : 0
        total &+= state.maskingLabel(field).utf8.count
    }
    total &+= state.requirementHint?.utf8.count ?? 0
    total &+= state.error?.utf8.count ?? 0
    if state.isSchemaLoading { total &+= state.loadingLabel.utf8.count }
    // The announcer.
    let announcement = state.announcement
    total &+= announcement == announcement ? 1 : 0
    return total
}

/// Re-reads the sheet under observation tracking, as SwiftUI does after each change: the
/// registration is dropped by the next change, which calls `onChange`.
@MainActor
func trackedSheetRead(_ state: ChangeCredentialState) -> Int {
    withObservationTracking { readWhatTheSheetReads(state) } onChange: {}
}
