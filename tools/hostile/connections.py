#!/usr/bin/env python3
"""Drives a running `papers serve` the way a careless or hostile client would, and prints what the
server did as one JSON object:

- `refused`: of OPEN connections opened at once and left idle, how many the server closed at once
  (it is at its connection cap);
- `idleClosed`: how many of them it had closed after the header timeout (plus a margin);
- `slowHeadersCutAfter`: seconds until a client sending its request line one byte at a time was cut
  off (null when it never was, within 30 s);
- `health`: the status of GET /health afterwards;
- `dropStatuses`: the statuses `/metrics` counted for the upload route after a client dropped an
  upload half-way.

Usage: connections.py PORT AUTHORIZATION OPEN HEADER_TIMEOUT
"""
import json
import socket
import sys
import time
import urllib.request


def closed_by_server(sock):
    sock.setblocking(False)
    try:
        return sock.recv(1, socket.MSG_PEEK) == b""
    except BlockingIOError:
        return False
    except (ConnectionResetError, BrokenPipeError):
        return True


def main():
    port, authorization, count, header_timeout = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
    base = f"http://127.0.0.1:{port}"
    result = {}

    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(count)]
    time.sleep(0.5)
    result["refused"] = sum(closed_by_server(s) for s in idle)
    time.sleep(header_timeout + 1.5)
    result["idleClosed"] = sum(closed_by_server(s) for s in idle)
    for s in idle:
        s.close()

    slow = socket.create_connection(("127.0.0.1", port))
    start = time.time()
    result["slowHeadersCutAfter"] = None
    request_line = b"GET /health HTTP/1.1\r\nHost: papers\r\n"
    for index in range(300):
        try:
            slow.sendall(request_line[index % len(request_line):][:1])
        except OSError:
            result["slowHeadersCutAfter"] = round(time.time() - start, 2)
            break
        if closed_by_server(slow):
            result["slowHeadersCutAfter"] = round(time.time() - start, 2)
            break
        slow.setblocking(True)
        time.sleep(0.1)
    slow.close()

    result["health"] = urllib.request.urlopen(base + "/health", timeout=10).status

    request = urllib.request.Request(base + "/v1/verifications", data=b"{}", method="POST",
                                     headers={"Authorization": authorization, "Content-Type": "application/json"})
    reference = json.load(urllib.request.urlopen(request, timeout=10))["scanReference"]
    drop = socket.create_connection(("127.0.0.1", port))
    drop.sendall((f"PUT /v1/verifications/{reference}/images/front HTTP/1.1\r\nHost: papers\r\n"
                  f"Authorization: {authorization}\r\nContent-Type: image/jpeg\r\nContent-Length: 200000\r\n\r\n").encode()
                 + b"\xff\xd8" + b"\0" * 20000)
    time.sleep(0.3)
    drop.close()
    time.sleep(1.0)
    metrics = urllib.request.urlopen(base + "/metrics", timeout=10).read().decode()
    result["dropStatuses"] = sorted({line.split('status="')[1].split('"')[0] for line in metrics.splitlines()
                                     if line.startswith("papers_http_requests_total") and "images/{side}" in line})
    print(json.dumps(result))


if __name__ == "__main__":
    main()
