import ArgumentParser
import Foundation
import LinkSimCore

// Exit codes follow the contract: ArgumentParser already maps usage errors to 64 and our ExitCode
// values pass through; any other error is an internal error (70), never "expectation failed" (1).
do {
    var command = try LinkSim.parseAsRoot()
    try command.run()
} catch let exit as ExitCode {
    LinkSim.exit(withError: exit)
} catch {
    let code = LinkSim.exitCode(for: error)
    if code == .failure {
        FileHandle.standardError.write(Data("linksim: internal error: \(error)\n".utf8))
        Foundation.exit(ExitStatus.internalError.rawValue)
    }
    LinkSim.exit(withError: error)
}
