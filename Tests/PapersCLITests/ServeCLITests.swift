import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `papers serve` as a process: started, driven over HTTP on loopback, killed with SIGKILL mid-work
/// and started again on the same data directory.
final class ServerProcess {
    let process = Process()
    let stderr = Pipe()
    private(set) var port = 0

    init(dataDirectory: URL, extra: [String] = []) throws {
        process.executableURL = PapersExecutable.url
        // The callback listener of these tests is on loopback, which only an operator's opt-in allows.
        process.arguments = ["serve", "--port", "0", "--data-dir", dataDirectory.path, "--workers", "1", "--job-lease", "2", "--rate-limit", "1000",
                             "--allow-private-callbacks"] + extra
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The first line on stderr names the address: "papers: serving on http://127.0.0.1:PORT".
        var text = ""
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !text.contains("serving on") {
            let chunk = stderr.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first(where: { $0.contains("serving on") }),
              let port = Int(line.split(separator: ":").last ?? "") else {
            process.terminate()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "papers serve did not start: \(text)"])
        }
        self.port = port
        // Keep draining the server's log: every request writes a line, and a pipe nobody reads
        // fills after some 64 KB and blocks the server in its next write.
        // At the end of the stream (the server gone) the handler is removed.
        stderr.fileHandleForReading.readabilityHandler = { handle in
            if handle.availableData.isEmpty { handle.readabilityHandler = nil }
        }
    }

    func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func stop() {
        if process.isRunning { kill9() }
    }
}

/// A callback listener: a Python HTTP server (offline tooling) appending each body to a file.
final class CallbackListener {
    let process = Process()
    let file: URL
    let port: Int

    init(file: URL) throws {
        self.file = file
        port = Int.random(in: 20_000...40_000)
        let script = """
        import http.server, sys
        class H(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get('Content-Length', 0)))
                with open(sys.argv[1], 'ab') as f: f.write(body + b'\\n')
                self.send_response(200); self.end_headers()
            def log_message(self, *a): pass
        http.server.HTTPServer(('127.0.0.1', int(sys.argv[2])), H).serve_forever()
        """
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, file.path, String(port)]
        try process.run()
        Thread.sleep(forTimeInterval: 0.5)
    }

    var received: [[String: Any]] {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// SIGKILL: a test process may ignore SIGTERM (service lifecycles do), and children inherit that.
    func stop() { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
}

@Suite("papers serve and papers tenant")
struct ServeCLITests {
    /// `GET path?wait=30` until the resource is no longer `PROCESSING` (at most five long polls:
    /// under load one may end first).
    static func settled(_ port: Int, _ path: String, auth: String) async throws -> [String: Any] {
        var shown: [String: Any] = [:]
        for _ in 0..<5 {
            shown = try await call(port, "GET", path + "?wait=30", auth: auth).1
            if shown["status"] as? String != "PROCESSING" { break }
        }
        return shown
    }

    static func call(_ port: Int, _ method: String, _ path: String, auth: String, body: Data? = nil, type: String? = nil) async throws -> (Int, [String: Any]) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        // The suite's other tests share two cores with the server: an answer may take longer than
        // URLSession's 60-second default while a restarted server works through its queue.
        request.timeoutInterval = 240
        request.httpMethod = method
        request.setValue(auth, forHTTPHeaderField: "Authorization")
        if let type { request.setValue(type, forHTTPHeaderField: "Content-Type") }
        request.httpBody = body
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:])
    }

    @Test("tenant create prints the credentials once; a bad name is refused")
    func tenantCreate() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-tenant-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let created = try PapersExecutable.run(["tenant", "create", "acme", "--data-dir", directory.path])
        #expect(created.status == 0, "\(created.stderr)")
        let json = try #require(created.json)
        #expect(Set(json.keys) == ["token", "secret", "webhookSecret"])
        let refused = try PapersExecutable.run(["tenant", "create", "   ", "--data-dir", directory.path])
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("papers: "))
    }

    @Test("an unreachable PostgreSQL ends tenant create and serve with one line, not a hang")
    func unreachableDatabase() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-nodb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = "postgres://papers@127.0.0.1:1/papers"
        for arguments in [["tenant", "create", "acme"], ["serve", "--port", "0"]] {
            let start = Date()
            let result = try PapersExecutable.run(arguments + ["--db", url, "--data-dir", directory.path])
            #expect(result.status == 78, "\(arguments[0]): \(result.stderr)")
            #expect(result.stderr.hasPrefix("papers: ") && result.stderr.contains("did not answer"))
            #expect(result.stderr.split(separator: "\n").count == 1)
            // The start-up deadline is 15 s; a loaded machine may add some.
            #expect(Date().timeIntervalSince(start) < 45)
        }
    }

    @Test("a second key on the same database is refused by serve with one line naming both")
    func foreignKey() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-key-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("first"), second = directory.appendingPathComponent("second")
        let database = first.appendingPathComponent("papers.sqlite").path
        #expect(try PapersExecutable.run(["tenant", "create", "acme", "--data-dir", first.path]).status == 0)
        let refused = try PapersExecutable.run(["serve", "--port", "0", "--db", database, "--data-dir", second.path])
        #expect(refused.status == 78)
        #expect(refused.stderr.contains(first.appendingPathComponent("encryption.key").path))
        #expect(refused.stderr.contains(second.appendingPathComponent("encryption.key").path))
    }

    @Test("a long poll answers when processing ends, and at once for a final state")
    func longPoll() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-poll-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let credentials = try #require(try PapersExecutable.run(["tenant", "create", "cli", "--data-dir", directory.path]).json)
        let auth = "Basic " + Data("\(credentials["token"] as? String ?? ""):\(credentials["secret"] as? String ?? "")".utf8).base64EncodedString()
        let server = try ServerProcess(dataDirectory: directory)
        defer { server.stop() }
        let (_, created) = try await Self.call(server.port, "POST", "/v1/verifications", auth: auth, body: Data("{}".utf8), type: "application/json")
        let reference = try #require(created["scanReference"] as? String)
        _ = try await Self.call(server.port, "POST", "/v1/verifications/\(reference)/finalize", auth: auth)
        // A poll answers DONE once the processing ends. Should a loaded machine take longer
        // than one 30 s wait, the poll answers the state it waited on and is asked again.
        var status: String?
        for _ in 0..<10 where status != "DONE" {
            let (_, shown) = try await Self.call(server.port, "GET", "/v1/verifications/\(reference)?wait=30", auth: auth)
            status = shown["status"] as? String
            #expect(["DONE", "PROCESSING", "PENDING"].contains(status ?? ""))
        }
        #expect(status == "DONE")
        // A final state is answered without waiting out the 30 s.
        let again = Date()
        _ = try await Self.call(server.port, "GET", "/v1/verifications/\(reference)?wait=30", auth: auth)
        #expect(Date().timeIntervalSince(again) < 25)
    }

    @Test("--metrics-listen serves /metrics on its own address only")
    func metricsListener() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-metrics-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let metricsPort = Int.random(in: 40_001...50_000)
        let server = try ServerProcess(dataDirectory: directory, extra: ["--metrics-listen", "127.0.0.1:\(metricsPort)"])
        defer { server.stop() }
        let (onAPI, _) = try await Self.call(server.port, "GET", "/metrics", auth: "")
        #expect(onAPI == 404)
        var status = 0
        let deadline = Date().addingTimeInterval(30)
        while status != 200, Date() < deadline {
            status = (try? await Self.call(metricsPort, "GET", "/metrics", auth: "").0) ?? 0
            if status != 200 { try await Task.sleep(for: .milliseconds(200)) }
        }
        #expect(status == 200)
        let (health, _) = try await Self.call(metricsPort, "GET", "/health", auth: "")
        #expect(health == 404)
        let refused = try PapersExecutable.run(["serve", "--metrics-listen", "nowhere", "--data-dir", directory.path])
        #expect(refused.status == 64)
    }

    @Test("hostile connections: over the cap closed at once, idle and slow headers cut at the timeout, a dropped upload is no 500")
    func hostileConnections() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let credentials = try #require(try PapersExecutable.run(["tenant", "create", "cli", "--data-dir", directory.path]).json)
        let auth = "Basic " + Data("\(credentials["token"] as? String ?? ""):\(credentials["secret"] as? String ?? "")".utf8).base64EncodedString()
        let server = try ServerProcess(dataDirectory: directory, extra: ["--max-connections", "8", "--header-timeout", "2"])
        defer { server.stop() }
        let script = PapersExecutable.repository.appendingPathComponent("tools/hostile/connections.py").path
        let result = try PapersExecutable.runTool(["python3", script, String(server.port), auth, "12", "2"])
        let json = try #require(result.json, "\(result.stderr)")
        #expect(json["refused"] as? Int == 4)
        #expect(json["idleClosed"] as? Int == 12)
        let cut = try #require(json["slowHeadersCutAfter"] as? Double)
        #expect(cut >= 1.5 && cut < 10)
        #expect(json["health"] as? Int == 200)
        #expect(json["dropStatuses"] as? [String] == ["499"])
    }

    @Test("passports and licences verified over HTTP; after kill -9 and a restart nothing is lost, every callback arrives")
    func killAndRestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data")
        // A licence back photo from the synthesiser, and the bundled passport sample.
        let photos = directory.appendingPathComponent("photos")
        let synth = try PapersExecutable.run(["synth", "--documents", "licence", "--count", "2", "--seed", "3", "--size", "1920x1080", "--out", photos.path])
        #expect(synth.status == 0, "\(synth.stderr)")
        let licence = try #require(try FileManager.default.contentsOfDirectory(atPath: photos.path).filter { $0.hasSuffix(".jpg") }.sorted().last)
        let licenceBytes = try Data(contentsOf: photos.appendingPathComponent(licence))
        let passportBytes = try Data(contentsOf: PapersExecutable.repository.appendingPathComponent("Sources/papers/Samples/photos/passport-td3.jpg"))

        let credentials = try #require(try PapersExecutable.run(["tenant", "create", "cli", "--data-dir", data.path]).json)
        let auth = "Basic " + Data("\(credentials["token"] as? String ?? ""):\(credentials["secret"] as? String ?? "")".utf8).base64EncodedString()
        let listener = try CallbackListener(file: directory.appendingPathComponent("callbacks.jsonl"))
        defer { listener.stop() }

        var server = try ServerProcess(dataDirectory: data)
        defer { server.stop() }
        var references: [String: String] = [:]
        for (index, photo) in [passportBytes, licenceBytes, passportBytes, licenceBytes].enumerated() {
            let body = Data(#"{"callbackUrl":"http://127.0.0.1:\#(listener.port)/hook","customerInternalReference":"cli-\#(index)"}"#.utf8)
            let (status, created) = try await Self.call(server.port, "POST", "/v1/verifications", auth: auth, body: body, type: "application/json")
            #expect(status == 201)
            let reference = try #require(created["scanReference"] as? String)
            let (uploaded, _) = try await Self.call(server.port, "PUT", "/v1/verifications/\(reference)/images/front", auth: auth, body: photo, type: "image/jpeg")
            #expect(uploaded == 201)
            references[reference] = index % 2 == 0 ? "MRZ" : "BARCODE"
        }
        for reference in references.keys {
            let (status, _) = try await Self.call(server.port, "POST", "/v1/verifications/\(reference)/finalize", auth: auth)
            #expect(status == 202)
        }
        // Kill the server while it works through the queue, then start it again on the same data.
        try await Task.sleep(for: .milliseconds(300))
        server.kill9()
        server = try ServerProcess(dataDirectory: data)

        let deadline = Date().addingTimeInterval(120)
        var results: [String: [String: Any]] = [:]
        while Date() < deadline, results.count < references.count {
            for reference in references.keys where results[reference] == nil {
                let (_, result) = try await Self.call(server.port, "GET", "/v1/verifications/\(reference)", auth: auth)
                if let status = result["status"] as? String, status != "PROCESSING" { results[reference] = result }
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(results.count == references.count)
        for (reference, method) in references {
            let result = try #require(results[reference])
            #expect(result["status"] as? String == "DONE")
            #expect((result["document"] as? [String: Any])?["extractionMethod"] as? String == method, "\(reference)")
        }
        // Every verification's callback arrives (at least once; duplicates carry the same eventId).
        while Date() < deadline, Set(listener.received.compactMap { $0["scanReference"] as? String }).count < references.count {
            try await Task.sleep(for: .milliseconds(200))
        }
        let called = Set(listener.received.compactMap { $0["scanReference"] as? String })
        #expect(called == Set(references.keys))

        let (openAPI, _) = try await Self.call(server.port, "GET", "/health", auth: "")
        #expect(openAPI == 200)
    }
}
