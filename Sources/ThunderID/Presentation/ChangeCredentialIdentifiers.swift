/// The accessibility identifiers of the built-in views, as the ThunderID SDK family's UI tests find
/// them (`app.buttons["thunderid-action-openCredential-password"]`). They never depend on the
/// language or the schema's display name.
package enum ChangeCredentialIdentifiers {
    /// The row that opens the sheet for `attribute`: `thunderid-action-openCredential-<attribute>`.
    package static func row(attribute: String) -> String { "thunderid-action-openCredential-\(attribute)" }

    /// The text field of `field`: `thunderid-field-newCredential` or `thunderid-field-confirmCredential`.
    package static func field(_ field: ChangeCredentialMachine.Field) -> String {
        switch field {
        case .newValue: "thunderid-field-newCredential"
        case .confirmation: "thunderid-field-confirmCredential"
        }
    }

    /// The button that masks or shows `field`'s value: `thunderid-action-toggle{New,Confirm}Credential`.
    package static func maskingToggle(_ field: ChangeCredentialMachine.Field) -> String {
        switch field {
        case .newValue: "thunderid-action-toggleNewCredential"
        case .confirmation: "thunderid-action-toggleConfirmCredential"
        }
    }

    /// The sheet's submit button (labelled "Change"): `thunderid-action-submitCredential`.
    package static let submit = "thunderid-action-submitCredential"

    /// The sheet's Cancel button: `thunderid-action-cancelCredential`.
    package static let cancel = "thunderid-action-cancelCredential"
}

extension ChangeCredentialState {
    /// The row's accessibility identifier, `thunderid-action-openCredential-<attribute>`.
    package var rowIdentifier: String { ChangeCredentialIdentifiers.row(attribute: attribute) }
}
