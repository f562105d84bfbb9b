@testable import ThunderID
import Testing
import ThunderIDTesting

@Suite("In-memory services")
struct InMemoryServicesTests {
    @Test("The schema provider answers its responses in order, repeats the last, and counts calls")
    func schemaProviderQueue() async throws {
        let provider = InMemorySchemaProvider(responses: [.failure(.transport(.offline)), .success(.credential("pin"))])
        await #expect(throws: ThunderIDError.transport(.offline)) { try await provider.credentialPolicy(for: "pin") }
        #expect(try await provider.credentialPolicy(for: "pin") == .credential("pin"))
        #expect(try await provider.credentialPolicy(for: "password") == .credential("pin"))
        #expect(await provider.callCount == 3)
        #expect(await provider.requestedAttributes == ["pin", "pin", "password"])
        await provider.setResponses([.failure(.transport(.timeout))])
        await #expect(throws: ThunderIDError.transport(.timeout)) { try await provider.credentialPolicy(for: "pin") }
    }

    @Test("A held schema provider answers only after release, and later calls pass")
    func schemaProviderHold() async throws {
        let provider = InMemorySchemaProvider(policy: .credential(), holdsResponses: true)
        let call = Task { try await provider.credentialPolicy(for: "password") }
        while await provider.waitingCount == 0 { try? await Task.sleep(for: .milliseconds(5)) }
        #expect(await provider.callCount == 1)
        await provider.release()
        #expect(try await call.value == .credential())
        #expect(await provider.waitingCount == 0)
        #expect(try await provider.credentialPolicy(for: "password") == .credential())
        await provider.hold()
        let held = Task { try await provider.credentialPolicy(for: "password") }
        while await provider.waitingCount == 0 { try? await Task.sleep(for: .milliseconds(5)) }
        await provider.release()
        _ = try await held.value
    }

    @Test("The scripted updater answers in order, then its default, and records lengths only")
    func updaterScript() async throws {
        let updater = ScriptedCredentialUpdater([.failure(.transport(.offline)), .success], whenEmpty: .failure(.transport(.tls)))
        await #expect(throws: ThunderIDError.transport(.offline)) {
            try await updater.updateUserCredentials(attribute: "pin", newValue: "1234")
        }
        try await updater.updateUserCredentials(attribute: "pin", newValue: "12345")
        await #expect(throws: ThunderIDError.transport(.tls)) {
            try await updater.updateUserCredentials(attribute: "password", newValue: "🔑🔑")
        }
        await updater.enqueue(.success)
        try await updater.updateUserCredentials(attribute: "password", newValue: "x")
        #expect(await updater.calls == [.init(attribute: "pin", valueLength: 4), .init(attribute: "pin", valueLength: 5),
                                        .init(attribute: "password", valueLength: 2), .init(attribute: "password", valueLength: 1)])
    }

    @Test("A held updater answers only after release")
    func updaterHold() async throws {
        let updater = ScriptedCredentialUpdater(holdsResponses: true)
        let call = Task { try await updater.updateUserCredentials(attribute: "pin", newValue: "1") }
        while await updater.waitingCount == 0 { try? await Task.sleep(for: .milliseconds(5)) }
        await updater.release()
        try await call.value
        #expect(await updater.calls.count == 1)
    }

    @Test("Convenience policies: credential and not credential, with title-cased names")
    func policies() {
        #expect(CredentialPolicy.credential("recovery_code") ==
                CredentialPolicy(attribute: "recovery_code", isCredential: true, displayName: "Recovery Code",
                                 isDisplayNameDeclared: false))
        #expect(CredentialPolicy.notCredential("email", displayName: "Email") ==
                CredentialPolicy(attribute: "email", isCredential: false, displayName: "Email"))
        #expect(CredentialPolicy.credential(regex: "x", hint: "h").regex == "x")
    }
}
