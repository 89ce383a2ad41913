import Foundation

/// `DomainVerificationState` (AOSP): the named states and the verifier-defined codes (≥ 1024).
package enum DomainVerificationState: Sendable, Hashable, CustomStringConvertible {
    case none, verified, approved, denied, migrated, restored, legacyFailure, systemConfigured, preVerified
    /// A verifier-defined error code, e.g. 1026 (rejected by server).
    case code(Int)

    /// The names `pm get-app-links` prints and `pm set-app-links` accepts.
    package static let names: [String] = [
        "none", "verified", "approved", "denied", "migrated", "restored", "legacy_failure", "system_configured", "pre_verified",
    ]

    package init?(_ text: String) {
        switch text.lowercased() {
        case "none", "state_no_response": self = .none
        case "verified", "state_success": self = .verified
        case "approved", "state_approved": self = .approved
        case "denied", "state_denied": self = .denied
        case "migrated", "state_migrated": self = .migrated
        case "restored", "state_restored": self = .restored
        case "legacy_failure", "state_legacy_failure": self = .legacyFailure
        case "system_configured", "state_sys_config": self = .systemConfigured
        case "pre_verified", "state_pre_verified": self = .preVerified
        default:
            guard let number = Int(text), number >= 1024, number <= 1_000_000 else { return nil }
            self = .code(number)
        }
    }

    package var description: String {
        switch self {
        case .none: return "none"
        case .verified: return "verified"
        case .approved: return "approved"
        case .denied: return "denied"
        case .migrated: return "migrated"
        case .restored: return "restored"
        case .legacyFailure: return "legacy_failure"
        case .systemConfigured: return "system_configured"
        case .preVerified: return "pre_verified"
        case .code(let number): return String(number)
        }
    }

    /// Counts as verified at resolution (`DomainVerificationState.isVerified`).
    package var isVerified: Bool {
        switch self {
        case .verified, .approved, .migrated, .restored, .systemConfigured, .preVerified: return true
        case .none, .denied, .legacyFailure, .code: return false
        }
    }

    /// Kept across an app update for a still-declared domain (`shouldMigrate`); others start over.
    package var survivesUpdate: Bool {
        switch self {
        case .verified, .migrated, .restored, .approved, .denied: return true
        case .none, .legacyFailure, .systemConfigured, .preVerified, .code: return false
        }
    }

    /// The verification agent may replace it (`pm verify-app-links --re-verify`); approved, denied and
    /// system_configured belong to the shell and the system.
    package var agentMayChange: Bool {
        switch self {
        case .approved, .denied, .systemConfigured: return false
        default: return true
        }
    }

    /// A state that records no answer from the agent yet: `pm verify-app-links` without
    /// `--re-verify` only sends domains in this state.
    package var isDefault: Bool { self == .none }
}
