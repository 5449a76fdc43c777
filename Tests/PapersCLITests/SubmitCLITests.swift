import Foundation
import Testing

/// `papers submit` against a real `papers serve`: statuses, retries, and exactly one
/// verification per document whatever happens to either process.
@Suite("papers submit")
struct SubmitCLITests {
    static let photos = PapersExecutable.repository.appendingPathComponent("Sources/papers/Samples/photos")

    /// The upload statuses a run printed (the JSON lines with an `upload`).
    static func lines(_ output: PapersExecutable.Output) -> [[String: String]] {
        output.text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String] }
            .filter { $0["upload"] != nil }
    }

    /// The Lens events a run printed (the JSON lines with a `status`).
    static func events(_ output: PapersExecutable.Output) -> [[String: Any]] {
        output.text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["status"] != nil }
    }

    /// A loopback port nothing listens on (bound, read and released).
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 ? getsockname(fd, pointer, &length) : -1
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test("server down: failed attempts and exit 75; up: uploaded then processed; named again: no second verification")
    func downThenUp() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-submit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data"), queue = directory.appendingPathComponent("queue").path
        let credentials = try #require(try PapersExecutable.run(["tenant", "create", "app", "--data-dir", data.path]).json)
        let token = try #require(credentials["token"] as? String), secret = try #require(credentials["secret"] as? String)
        let port = Self.freePort()
        let common = ["submit", "--server", "http://127.0.0.1:\(port)", "--token", token, "--secret", secret, "--queue", queue, "--json"]
        let card = Self.photos.appendingPathComponent("id-card-td2.jpg").path
        let passport = Self.photos.appendingPathComponent("passport-td3.jpg").path

        let down = try PapersExecutable.run(common + ["--wait", "2", card, passport])
        #expect(down.status == 75, "\(down.stderr)")
        let failed = Self.lines(down)
        #expect(!failed.isEmpty && failed.allSatisfy { $0["upload"] == "uploadFailedAttempt" && $0["cause"]?.hasPrefix("SERVER_UNREACHABLE") == true })
        #expect(Set(failed.compactMap { $0["sourceId"] }).count == 2)

        let server = try ServerProcess(dataDirectory: data, extra: ["--port", String(port)])
        defer { server.stop() }
        let up = try PapersExecutable.run(common + ["--wait", "120"])
        #expect(up.status == 0, "\(up.stderr)")
        let statuses = Self.lines(up)
        for upload in ["uploaded", "processedSuccess"] {
            #expect(statuses.filter { $0["upload"] == upload }.count == 2, "\(upload): \(up.text)")
        }

        // Lens's events, with its keys: a package started (in the first run), progress, done with
        // the result, and close.
        let events = Self.events(down) + Self.events(up)
        #expect(Set(events.filter { $0["status"] as? String == "start" }.compactMap { $0["package_id"] as? String }).count == 2)
        let messages = events.filter { $0["status"] as? String == "inprogress" }.compactMap { $0["msg"] as? String }
        #expect(Set(messages) == ["img_thumbnail_path", "img_original_path", "img_stitched_pdf_path", "progress"])
        #expect(events.contains { $0["msg"] as? String == "img_original_path" && $0["document_type"] as? String == "id" })
        let done = events.filter { $0["status"] as? String == "done" }
        #expect(done.count == 2 && done.allSatisfy { ($0["data"] as? [String: Any])?["status"] as? String == "DONE" })
        let close = try #require(Self.events(up).last)
        #expect(close["status"] as? String == "close" && close["queue_count"] as? Int == 0 && close["framework-version"] != nil)
        #expect(Self.events(down).last?["queue_count"] as? Int == 2 && Self.events(down).last?["session_scan_count"] as? Int == 2)
        let pdf = try #require(events.first { $0["msg"] as? String == "img_stitched_pdf_path" }?["data"] as? String)
        let checked = try PapersExecutable.runTool(["qpdf", "--check", pdf])
        #expect(checked.status == 0, "\(checked.text)")
        let thumbnail = try #require(events.first { $0["msg"] as? String == "img_thumbnail_path" }?["data"] as? String)
        #expect(FileManager.default.contents(atPath: thumbnail)?.starts(with: [0xFF, 0xD8]) == true)

        let status = try PapersExecutable.run(["queue", "status", "--queue", queue, "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: status.stdout) as? [[String: Any]])
        #expect(items.map { $0["state"] as? String } == ["processedSuccess", "processedSuccess"])

        let again = try PapersExecutable.run(common + ["--wait", "10", card])
        #expect(again.status == 0)
        #expect(Self.lines(again).map { $0["upload"] } == ["processedSuccess"])
        let auth = "Basic " + Data("\(token):\(secret)".utf8).base64EncodedString()
        let (_, list) = try await ServeCLITests.call(server.port, "GET", "/v1/verifications?limit=100", auth: auth)
        #expect((list["data"] as? [[String: Any]])?.count == 2)
    }

    @Test("the attempt limit gives an item up with its cause; a rate-limited server's Retry-After is waited out")
    func limitsAndRetryAfter() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-submit-429-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data")
        let credentials = try #require(try PapersExecutable.run(["tenant", "create", "app", "--data-dir", data.path]).json)
        let token = try #require(credentials["token"] as? String), secret = try #require(credentials["secret"] as? String)
        let card = Self.photos.appendingPathComponent("id-card-td1.jpg").path
        let passport = Self.photos.appendingPathComponent("passport-td3.jpg").path

        let nowhere = ["submit", "--server", "http://127.0.0.1:\(Self.freePort())", "--token", token, "--secret", secret,
                       "--queue", directory.appendingPathComponent("q1").path, "--json"]
        let givenUp = try PapersExecutable.run(nowhere + ["--max-attempts", "2", "--wait", "30", card])
        #expect(givenUp.status == 0, "\(givenUp.stderr)")
        #expect(Self.lines(givenUp).map { $0["upload"] } == ["uploadFailedAttempt", "uploadPermanentlyFailed"])
        #expect(Self.lines(givenUp).last?["cause"]?.hasPrefix("SERVER_UNREACHABLE") == true)

        // One request a second (bursts of three): each verification is five requests.
        let server = try ServerProcess(dataDirectory: data, extra: ["--rate-limit", "1"])
        defer { server.stop() }
        let limited = ["submit", "--server", "http://127.0.0.1:\(server.port)", "--token", token, "--secret", secret,
                       "--queue", directory.appendingPathComponent("q2").path, "--json"]
        let slow = try PapersExecutable.run(limited + ["--wait", "120", card, passport])
        #expect(slow.status == 0, "\(slow.stderr)")
        let statuses = Self.lines(slow)
        #expect(statuses.contains { $0["upload"] == "uploadFailedAttempt" && $0["cause"] == "429 RATE_LIMITED" })
        #expect(statuses.filter { $0["upload"] == "processedSuccess" }.count == 2)
    }

    @Test("offline: read on this machine, the same events, done's data the DocumentData papers scan --json prints")
    func offline() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-submit-offline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let passport = Self.photos.appendingPathComponent("passport-td3.jpg").path
        let run = try PapersExecutable.run(["submit", "--offline", "--queue", directory.path, "--json", passport])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.lines(run).map { $0["upload"] } == ["processedSuccess"])
        let events = Self.events(run)
        #expect(events.map { $0["status"] as? String } == ["start", "inprogress", "inprogress", "inprogress", "done", "close"])
        let data = try #require(events.first { $0["status"] as? String == "done" }?["data"] as? [String: Any])
        var scanned = try #require(try PapersExecutable.run(["scan", "--json", passport]).json)
        scanned["scan"] = nil
        #expect(NSDictionary(dictionary: data) == NSDictionary(dictionary: scanned))
    }

    @Test("kill -9 of papers submit mid-run, then a rerun: every document exactly once at the server")
    func killAndRerun() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-submit-kill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data"), queue = directory.appendingPathComponent("queue").path
        let credentials = try #require(try PapersExecutable.run(["tenant", "create", "app", "--data-dir", data.path]).json)
        let token = try #require(credentials["token"] as? String), secret = try #require(credentials["secret"] as? String)
        let server = try ServerProcess(dataDirectory: data)
        defer { server.stop() }
        let files = ["id-card-td1.jpg", "id-card-td2.jpg", "passport-td3.jpg"].map { Self.photos.appendingPathComponent($0).path }
        let common = ["submit", "--server", "http://127.0.0.1:\(server.port)", "--token", token, "--secret", secret, "--queue", queue, "--json"]

        let first = Process()
        first.executableURL = PapersExecutable.url
        first.arguments = common + ["--wait", "60"] + files
        first.standardOutput = FileHandle.nullDevice
        first.standardError = FileHandle.nullDevice
        try first.run()
        try await Task.sleep(for: .milliseconds(700))
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()

        let rerun = try PapersExecutable.run(common + ["--wait", "120"] + files)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let processed = Self.lines(rerun).filter { $0["upload"] == "processedSuccess" }
        #expect(Set(processed.compactMap { $0["sourceId"] }).count == 3)
        let auth = "Basic " + Data("\(token):\(secret)".utf8).base64EncodedString()
        let (_, list) = try await ServeCLITests.call(server.port, "GET", "/v1/verifications?limit=100", auth: auth)
        let verifications = try #require(list["data"] as? [[String: Any]])
        #expect(verifications.count == 3)
        #expect(verifications.allSatisfy { $0["status"] as? String == "DONE" })
    }
}
