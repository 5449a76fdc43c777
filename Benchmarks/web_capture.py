#!/usr/bin/env python3
"""Times the web capture page's frame round trip: one camera frame POSTed to
/capture/api/frames/front of a running `papers serve` until the capture session answers, over a
kept-alive connection, as the page sends them. The peer is the same frames' capture analysis
in-process (`papers bench analyze`, decoding excluded): the difference is what HTTP, the JPEG
decode and the session add.

Usage: python3 Benchmarks/web_capture.py --papers .build/release/papers [--rounds 5]
"""
import argparse
import base64
import http.client
import json
import os
import socket
import statistics
import subprocess
import tempfile
import time
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--papers", required=True)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--size", default="1280x720")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="papers-web-bench-")
    feed = os.path.join(work, "feed")
    subprocess.run([args.papers, "synth", "--sequence", "slide-in", "--size", args.size, "--seed", "3", "--out", feed],
                   check=True, capture_output=True)
    frames = [open(os.path.join(feed, f), "rb").read() for f in sorted(os.listdir(feed)) if f.endswith(".jpg")]
    data = os.path.join(work, "data")
    tenant = json.loads(subprocess.run([args.papers, "tenant", "create", "bench", "--data-dir", data],
                                       check=True, capture_output=True, text=True).stdout)
    auth = "Basic " + base64.b64encode(f"{tenant['token']}:{tenant['secret']}".encode()).decode()
    port = free_port()
    server = subprocess.Popen([args.papers, "serve", "--data-dir", data, "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        connection = http.client.HTTPConnection("127.0.0.1", port)
        times = []
        for _ in range(args.rounds):
            connection.request("POST", "/v1/verifications", body=json.dumps({"webCapture": True}),
                               headers={"Authorization": auth, "Content-Type": "application/json"})
            token = json.loads(connection.getresponse().read())["captureUrl"].split("#", 1)[1]
            for frame in frames:
                start = time.perf_counter()
                connection.request("POST", "/capture/api/frames/front", body=frame,
                                   headers={"Authorization": f"Bearer {token}", "Content-Type": "image/jpeg"})
                verdict = json.loads(connection.getresponse().read())
                times.append((time.perf_counter() - start) * 1000)
                if verdict.get("captured"):
                    connection.request("POST", "/capture/api/retake/front", headers={"Authorization": f"Bearer {token}"})
                    connection.getresponse().read()
        analysis = []
        for name in sorted(os.listdir(feed))[::4]:
            if name.endswith(".jpg"):
                out = subprocess.run([args.papers, "bench", "analyze", "--iterations", "5", "--json", os.path.join(feed, name)],
                                     check=True, capture_output=True, text=True).stdout
                analysis.append(json.loads(out)["medianMs"])
    finally:
        server.terminate()
        server.wait(timeout=15)
    times.sort()
    p50 = statistics.median(times)
    p95 = times[int(0.95 * (len(times) - 1))]
    floor = statistics.median(analysis)
    print(json.dumps({"frames": len(times), "size": args.size, "roundTripP50Ms": round(p50, 2), "roundTripP95Ms": round(p95, 2),
                      "inProcessAnalysisMedianMs": round(floor, 2), "ratio": round(p50 / floor, 2),
                      "framesPerSecondOneClient": round(1000 / p50, 1)}))


if __name__ == "__main__":
    main()
