import Foundation
import PapersImaging
import PapersImagingCodecs
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import PapersServer

@Suite("Frame batches")
struct FrameBatchTests {
    static func batch(_ photos: [Data], label: String?) -> ByteBuffer {
        let frames = photos.enumerated().map { #"{"image":"\#($1.base64EncodedString())","capturedAt":"2026-11-27T10:00:0\#($0)Z"}"# }
        let labelPart = label.map { #","label":"\#($0)""# } ?? ""
        return ByteBuffer(string: #"{"frames":[\#(frames.joined(separator: ","))]\#(labelPart),"metadata":{"device":"pixel-secret-9"}}"#)
    }

    @Test("without a still image the best frame of the valid batches is read; batches finalize leaves out are not", arguments: Backend.available)
    func framesStandIn(backend: Backend) async throws {
        let test = try await TestServer(backend)
        defer { test.remove() }
        let passport = try TestServer.fixture("passport-td3.jpg")
        let json = test.headers([.contentType: "application/json"])
        try await test.server.application().test(.router) { client in
            // Used: the labelled batch named valid.
            let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers())
            let reference = try #require(created.json["scanReference"] as? String)
            let stored = try await client.execute(uri: "/v1/verifications/\(reference)/frames", method: .post, headers: json,
                                                  body: Self.batch([passport], label: "front"))
            #expect(stored.status == .created)
            let batchID = try #require(stored.json["batchId"] as? String)
            let finalized = try await client.execute(uri: "/v1/verifications/\(reference)/finalize", method: .post, headers: json,
                                                     body: ByteBuffer(string: #"{"validBatchIds":["\#(batchID)"]}"#))
            #expect(finalized.status == .accepted)
            let result = try await waitForVerification(client, reference, headers: test.headers())
            #expect((result["document"] as? [String: Any])?["extractionMethod"] as? String == "MRZ", "\(result)")

            // Left out: the same frames in a batch finalize did not name are not used.
            let other = try #require(try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers()).json["scanReference"] as? String)
            _ = try await client.execute(uri: "/v1/verifications/\(other)/frames", method: .post, headers: json, body: Self.batch([passport], label: "front"))
            _ = try await client.execute(uri: "/v1/verifications/\(other)/finalize", method: .post, headers: json,
                                         body: ByteBuffer(string: #"{"validBatchIds":[]}"#))
            let unused = try await waitForVerification(client, other, headers: test.headers())
            #expect(unused["verificationStatus"] as? String == "NO_ID_UPLOADED")

            let tooLong = try await client.execute(uri: "/v1/verifications/\(other)/frames", method: .post, headers: json,
                                                   body: Self.batch([passport], label: String(repeating: "x", count: 101)))
            #expect(tooLong.status == .badRequest || tooLong.status == .conflict)

            if let store = test.server.database as? SQLiteStore {
                let rows = try await store.read { db in
                    try Row.fetchAll(db, sql: "SELECT label, sealed_details FROM frame_batches WHERE verification_id = ?", arguments: [reference])
                        .map { (label: $0["label"] as String?, sealed: $0["sealed_details"] as Data?) }
                }
                #expect(rows.count == 1)
                #expect(rows.first?.label == "front")
                let sealed = try #require(rows.first?.sealed)
                #expect(!String(decoding: sealed, as: UTF8.self).contains("pixel-secret-9"))
            }
        }
    }
}

@Suite("Cropped uploads")
struct CroppedUploadTests {
    @Test("an image uploaded with ?cropped=true is read as the document itself")
    func autoCrop() async throws {
        let test = try await TestServer()
        defer { test.remove() }
        let photo = try ImageCodecs.decode([UInt8](try TestServer.fixture("passport-td3.jpg")))
        let quad = try #require(CaptureAnalyzer().analyze(photo).detection?.quad)
        let document = try #require(DocumentRectifier.rectify(photo, quad: quad))
        let cropped = try JPEGCodec(quality: 92).encode(document)
        try await test.server.application().test(.router) { client in
            let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers())
            let reference = try #require(created.json["scanReference"] as? String)
            let uploaded = try await client.execute(uri: "/v1/verifications/\(reference)/images/front?cropped=true", method: .put,
                                                    headers: test.headers([.contentType: "image/jpeg"]), body: ByteBuffer(bytes: cropped))
            #expect(uploaded.status == .created)
            let record = try #require(try await test.server.database.verification(reference, tenantID: nil))
            #expect(record.croppedImages == ["front"])
            _ = try await client.execute(uri: "/v1/verifications/\(reference)/finalize", method: .post, headers: test.headers())
            let result = try await waitForVerification(client, reference, headers: test.headers())
            let quality = (result["checks"] as? [String: Any])?["captureQuality"] as? [String: Any]
            #expect(quality?["documentDetected"] as? Bool == true)
            #expect(quality?["isBlurry"] as? Bool == false)
            #expect((result["document"] as? [String: Any])?["extractionMethod"] as? String == "MRZ", "\(result)")
        }
    }
}
