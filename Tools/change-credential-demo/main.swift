// A Linux program that drives ChangeCredentialState the way the sheet does (placeholder driver on
// in-memory services until the HTTP client lands).
import ThunderID

let schema = InMemorySchemaProvider(policy: .credential("password", displayName: "Password", regex: "^.{8,}$",
                                                        hint: "At least 8 characters."))
let updater = ScriptedCredentialUpdater([.success])
let state = ChangeCredentialState(attribute: "password", schemaProvider: schema, updater: updater,
                                  onSuccess: { print("onSuccess called") })
state.open()
await state.settle()
print("phase: \(state.phase), title: \(state.title), hint: \(state.requirementHint ?? "none")")
state.newValue = "correct horse"
state.confirmValue = "correct horse"
print("evaluation: \(state.evaluation)")
state.submit()
await state.settle()
print("phase: \(state.phase), presented: \(state.isPresented)")
