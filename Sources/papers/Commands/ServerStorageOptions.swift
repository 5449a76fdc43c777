import ArgumentParser
import Foundation
import Logging
import PapersServer

/// Options shared by `papers serve` and `papers tenant`: where the data lives.
struct ServerStorageOptions: ParsableArguments {
    @Option(name: .long, help: "Database: a SQLite file path (default DATA_DIR/papers.sqlite) or a postgres:// URL.")
    var db: String?

    @Option(name: .customLong("data-dir"), help: "Directory for images, the SQLite file and the generated encryption key.")
    var dataDir = "papers-data"

    func configuration() -> ServerConfiguration {
        var configuration = ServerConfiguration(dataDirectory: URL(fileURLWithPath: dataDir, isDirectory: true))
        configuration.database = db.map(ServerConfiguration.Database.parse)
        return configuration
    }
}
