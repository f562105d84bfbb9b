import Testing
import ThunderID
@testable import ThunderIDSpec

@Suite("Scenario scripts")
struct ScenarioTests {
    static let steps = "| step | action | state | effects | shows |\n|---|---|---|---|---|\n"

    func file(_ body: String) -> SpecFile {
        SpecFile(path: "Specs/s.md", text: "# Scenarios\n\n## Scenario: one\n\n" + body)
    }

    @Test("A fixture and steps read into a scenario")
    func readsScenario() throws {
        let spec = file("""
            | fixture | value |
            |---|---|
            | attribute | pin |
            | display name | PIN |
            | regex | `^\\d{4}$` |
            | description | "Four digits." |
            | policy regex | `^\\d{6}$` |
            | credential display name | Passcode |
            | strict | true |
            | credential | false |

            \(Self.steps)| 1 | type "12\\|3" into new value | editing | — | new value "12\\|3"; rules nonEmpty passed, regex failed; onError 0 |

            """)
        #expect(spec.problems.isEmpty, "\(spec.problems)")
        let scenario = try #require(spec.scenarios.first)
        #expect(scenario.title == "one")
        #expect(scenario.fixture.attribute == "pin")
        #expect(scenario.fixture.displayName == "PIN")
        #expect(scenario.fixture.regex == "^\\d{4}$")
        #expect(scenario.fixture.description == "Four digits.")
        #expect(scenario.fixture.policyRegex == "^\\d{6}$")
        #expect(scenario.fixture.credentialDisplayName == "Passcode")
        #expect(scenario.fixture.isStrict)
        #expect(!scenario.fixture.isCredential)
        let step = try #require(scenario.steps.first)
        #expect(step.action == .type("12|3", into: .newValue))
        #expect(step.shows == [.value(.newValue, "12|3"),
                               .rules([RuleVerdict(rule: "nonEmpty", status: "passed"), RuleVerdict(rule: "regex", status: "failed")]),
                               .onError(0)])
    }

    @Test("Malformed scenario parts are reported with file:line", arguments: [
        ("| 1 | jump | editing | — | |", "unknown action 'jump'"),
        ("| 1 | open | editting | — | |", "unknown state 'editting'"),
        ("| 1 | open | editing | presentSheet, askSchema | |", "unknown effect 'askSchema'"),
        ("| 1 | open | editing | — | sparkles |", "unknown observation 'sparkles'"),
        ("| 1 | type abc into new value | editing | — | |", "type \"value\""),
        ("| 1 | server answers 99 | editing | — | |", "is not a server answer"),
    ])
    func malformedStep(row: String, message: String) throws {
        let spec = file(Self.steps + row + "\n")
        let problem = try #require(spec.problems.first)
        #expect(problem.location == SourceLocation(file: "Specs/s.md", line: 7))
        #expect(problem.message.contains(message), "\(problem.message)")
    }

    @Test("An unknown fixture option is malformed")
    func malformedFixture() throws {
        let spec = file("| fixture | value |\n|---|---|\n| colour | blue |\n\n" + Self.steps + "| 1 | open | editing | presentSheet, requestSchema | |\n")
        let problem = try #require(spec.problems.first)
        #expect(problem.location.line == 7)
        #expect(problem.message.contains("unknown fixture option 'colour'"))
    }

    @Test("A passing scenario passes every step, and the report prints no typed value")
    func passingScenario() async throws {
        let spec = file(Self.steps + """
            | 1 | open | editing | presentSheet, requestSchema | schema loading |
            | 2 | schema arrives | editing | — | display name "Password" |
            | 3 | type "hunter22" into new value | editing | — | new value "hunter22" |
            | 4 | type "hunter22" into confirmation | editing | — | can submit |
            | 5 | submit | submitting | postCredential | posted length 8 |
            | 6 | server answers 204 | succeeded | clearValues, dismissSheet, notifySuccess | onSuccess 1; values cleared |

            """)
        #expect(spec.problems.isEmpty)
        let report = await SpecRunner().run(SpecSuite(files: [spec]))
        #expect(report.passed == 6)
        #expect(report.failed == 0)
        #expect(!report.render().contains("hunter22"))
    }

    @Test("A failing step names file:line with expected and actual, and later steps are not run")
    func failingScenario() async throws {
        let spec = file(Self.steps + """
            | 1 | open | editing | presentSheet | |
            | 2 | schema arrives | editing | — | |

            """)
        let report = await SpecRunner().run(SpecSuite(files: [spec]))
        #expect(report.passed == 0)
        #expect(report.notRun == 1)
        let failure = try #require(report.failures.first)
        #expect(failure.location == SourceLocation(file: "Specs/s.md", line: 7))
        #expect(failure.expected == "effects presentSheet")
        #expect(failure.actual == "effects presentSheet, requestSchema")
    }

    @Test("A server refusal is scripted at its step: the state waits in submitting until then")
    func serverAnswerAtItsStep() async throws {
        let spec = file(Self.steps + """
            | 1 | open | editing | presentSheet, requestSchema | |
            | 2 | schema arrives | editing | — | |
            | 3 | type "pw" into new value | editing | — | |
            | 4 | type "pw" into confirmation | editing | — | |
            | 5 | submit | submitting | postCredential | loading; posts 1 |
            | 6 | server answers 429 retry after 30 | failed | notifyError (server 429 retry after 30) | error "Too many attempts. Try again in 30 seconds."; onError 1; new value "pw" |

            """)
        let report = await SpecRunner().run(SpecSuite(files: [spec]))
        #expect(report.failures.isEmpty, "\(report.failures)")
        #expect(report.passed == 6)
    }

    @Test("A schema json fixture goes through the client's decoder; an unreadable one is malformed")
    func schemaJSONFixture() throws {
        let good = file("| fixture | value |\n|---|---|\n| attribute | pin |\n| schema json | `{\"schema\": {\"pin\": {\"type\": \"string\", \"credential\": true, \"pattern\": \"^1$\"}}}` |\n\n"
                        + Self.steps + "| 1 | open | editing | presentSheet, requestSchema | |\n")
        #expect(good.problems.isEmpty, "\(good.problems)")
        let policy = try #require(try good.scenarios.first?.fixture.policy())
        #expect(policy.isCredential)
        #expect(policy.regex == "^1$")
        #expect(policy.displayName == "Pin")
        let bad = file("| fixture | value |\n|---|---|\n| schema json | `{\"schema\": [{\"pin\": {\"credential\": true}}]}` |\n\n"
                       + Self.steps + "| 1 | open | editing | presentSheet, requestSchema | |\n")
        let problem = try #require(bad.problems.first)
        #expect(problem.location.line == 7)
        #expect(problem.message.hasPrefix("schema json: "))
    }

    @Test("A malformed step does not echo the value typed in it")
    func malformedStepRedactsValues() throws {
        let spec = file(Self.steps + "| 1 | type \"hunter22\" in new value | editing | — | sparkle \"hunter22\" |\n")
        let problem = try #require(spec.problems.first)
        #expect(problem.message.contains("type \"…\" in new value"), "\(problem.message)")
        #expect(!problem.description.contains("hunter22"))
    }

    @Test("A mutant that asks for the schema on every answer is caught and parked, not looped forever")
    @MainActor
    func loopingMutantIsParked() async throws {
        let spec = file("| fixture | value |\n|---|---|\n| schema | at once |\n\n"
                        + Self.steps + "| 1 | open | editing | presentSheet, requestSchema | schema not loading |\n")
        let scenario = try #require(spec.scenarios.first)
        #expect(await ScenarioExecutor().run(scenario).failures.isEmpty)
        let mutant = MutationTesting.Mutant(cell: .init(state: .editing, event: .schemaResolved),
                                            change: .add(.requestSchema))
        let outcome = await ScenarioExecutor().run(scenario, mutant: mutant.transition)
        let failure = try #require(outcome.failures.first)
        #expect(failure.actual.contains("requestSchema, requestSchema"))
    }
}

