import Foundation

// The machine's effects carried out.
extension ChangeCredentialState {
    func run(_ effect: ChangeCredentialMachine.Effect) {
        switch effect {
        case .requestSchema:
            let provider = schemaProvider, attribute = attribute
            track { [weak self] in
                do throws(ThunderIDError) {
                    let policy = try await provider.credentialPolicy(for: attribute)
                    self?.schemaArrived(policy)
                } catch {
                    self?.send(.schemaFailed(error))
                }
            }
        case .postCredential:
            success = false
            let updater = updater, attribute = attribute, value = RedactedText(rules.input.newValue)
            let scrubber = SecretScrubber(secrets: [rules.input.newValue, rules.input.confirmation])
            track { [weak self] in
                do throws(ThunderIDError) {
                    try await updater.updateUserCredentials(attribute: attribute, newValue: value.value)
                    self?.send(.submissionSucceeded)
                } catch {
                    // A server may quote the value back: it never reaches the machine, the log or a description.
                    self?.send(.submissionFailed(scrubber.scrub(error)))
                }
            }
        case .clearValues:
            if !rules.input.newValue.isEmpty { store("", in: .newValue) }
            if !rules.input.confirmation.isEmpty { store("", in: .confirmation) }
            reevaluate()
        case .notifySuccess:
            success = true
            onSuccess?()
        case .notifyError(let error):
            onError?(error)
        case .presentSheet:
            isPresented = true
        case .dismissSheet:
            isPresented = false
        case .trace:
            break  // The step record lists it: that is the whole job.
        }
    }

    func schemaArrived(_ policy: CredentialPolicy) {
        if policy != self.policy { self.policy = policy }
        updatePolicyContext()
        reevaluate()
        noteEvaluation()
        send(.schemaResolved(available: policy.isCredential, form: ruleEvaluation.validity))
    }

    func track(_ operation: @escaping @MainActor () async -> Void) {
        let id = nextTaskID
        nextTaskID += 1
        // The task starts after this main-actor code returns, so the entry exists before its removal.
        tasks[id] = Task { @MainActor [weak self] in
            await operation()
            self?.tasks[id] = nil
        }
    }

    /// The schema answered: the display name, texts, entry style and the rules' context follow it.
    func updatePolicyContext() {
        let displayName = Self.shownDisplayName(displayNameOverride
            ?? policy.flatMap { $0.isDisplayNameDeclared ? $0.displayName : nil }
            ?? Self.fallbackDisplayName(attribute, strings: configuration.strings))
        let regex = effectiveRegex
        let hint = policy?.hint.map { SchemaAttribute.capped($0, maximum: SchemaAttribute.maximumDescriptionLength) }
        let context = CredentialRuleContext(
            attribute: attribute, displayName: displayName, regex: regex, hint: hint,
            isStrict: configuration.isStrict, strings: configuration.strings)
        if context != ruleContext {
            // A rule compiles its pattern again only when the effective regex changed.
            rules.prepare(for: context)
        }
        var resolved = texts.displayName == displayName
            ? texts : ChangeCredentialTexts(strings: configuration.strings, displayName: displayName)
        resolved.requirementHint = regex == nil ? nil : hint ?? resolved.requirementHintFallback
        resolved.entry = CredentialEntry.forCredential(attribute: attribute, isNumeric: policy?.isNumeric ?? false, regex: regex)
        if resolved != texts {
            texts = resolved
            publishViews()
        }
    }
}
