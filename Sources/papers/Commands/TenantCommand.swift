import ArgumentParser
import Foundation
import Logging
import PapersServer

/// `papers tenant`: manage API tenants.
struct TenantCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tenant",
        abstract: "Manage API tenants.",
        subcommands: [Create.self]
    )

    /// `papers tenant create NAME`.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create a tenant and print its credentials as JSON {token, secret, webhookSecret} (shown once)."
        )

        @Argument(help: "The tenant's name (1 to 100 characters).")
        var name: String

        @OptionGroup var storage: ServerStorageOptions

        func run() async throws {
            do {
                let credentials = try await PapersServer.createTenant(name: name, configuration: storage.configuration())
                try CLIOutput.printJSON(credentials)
            } catch let error as ServerError {
                throw CLIOutput.fail(error.message, code: error.code == .invalidInput ? 64 : 78)
            }
        }
    }
}
