#!/usr/bin/env python3
"""Queue throughput of `papers submit` beside plain curl, against one local `papers serve`.

N small JPEG receipts (64x64, a few KB each, all different) are uploaded to /v1/documents:
first by `papers submit --type receipt` (queued in SQLite before sending, an Idempotency-Key
per item, the outcome long-polled), then by curl in one process (`--next` per file, one
keep-alive connection). Reports uploads per second for both and the queue's overhead per item.

Usage: python3 Benchmarks/client_queue.py [--count 1000] [--papers .build/release/papers]
"""
import argparse
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time

from PIL import Image


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--papers", default=".build/release/papers")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="papers-queue-bench-")
    files = []
    rng = random.Random(7)
    for index in range(args.count):
        image = Image.new("RGB", (64, 64), (rng.randrange(256), rng.randrange(256), rng.randrange(256)))
        image.putpixel((index % 64, index // 64 % 64), (0, 0, 0))
        path = os.path.join(work, f"r{index:05d}.jpg")
        image.save(path, quality=90)
        files.append(path)
    data = os.path.join(work, "data")
    credentials = json.loads(subprocess.check_output([args.papers, "tenant", "create", "bench", "--data-dir", data]))
    port = free_port()
    server = subprocess.Popen([args.papers, "serve", "--data-dir", data, "--port", str(port), "--rate-limit", "100000"],
                              stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        base = f"http://127.0.0.1:{port}"
        start = time.monotonic()
        submit = subprocess.Popen([args.papers, "submit", "--server", base, "--token", credentials["token"],
                                   "--secret", credentials["secret"], "--queue", os.path.join(work, "queue"),
                                   "--type", "receipt", "--wait", "600", "--json"] + files,
                                  stdout=subprocess.PIPE, text=True)
        uploaded, last_upload = 0, start
        for line in submit.stdout:
            if json.loads(line).get("upload") == "uploaded":
                uploaded += 1
                last_upload = time.monotonic()
        submit.wait()
        queue_seconds = last_upload - start

        command = ["curl", "-s", "-o", "/dev/null", "-u", f"{credentials['token']}:{credentials['secret']}"]
        for index, path in enumerate(files):
            if index:
                command += ["--next", "-s", "-o", "/dev/null", "-u", f"{credentials['token']}:{credentials['secret']}"]
            command += ["-H", "Content-Type: image/jpeg", "--data-binary", f"@{path}", f"{base}/v1/documents?type=receipt"]
        start = time.monotonic()
        subprocess.check_call(command)
        curl_seconds = time.monotonic() - start
    finally:
        server.terminate()
        server.wait()
    print(json.dumps({"count": args.count, "uploaded": uploaded, "submitExit": submit.returncode,
                      "queueUploadsPerSecond": round(uploaded / queue_seconds, 1),
                      "curlUploadsPerSecond": round(args.count / curl_seconds, 1),
                      "queueOverheadMsPerItem": round((queue_seconds - curl_seconds) / args.count * 1000, 2)}))


if __name__ == "__main__":
    sys.exit(main())
