// The DocC overview example of ThunderID.docc/ThunderID.md, verbatim inside a function that
// supplies its `config` (DocumentationSnippetTests checks it against the catalog line for line).

import ThunderID

@MainActor
func docCOverviewExample(config: ThunderIDConfig) -> ChangeCredentialState {
    let shared = ThunderIDState(config: config)
    let state = ChangeCredentialState(attribute: "pin", schemaProvider: shared, updater: shared.client,
                                      onSuccess: { print("PIN updated") })
    state.open()
    state.newValue = "2468"
    state.confirmValue = "2468"
    state.submit()
    return state
}
