#!/usr/bin/env python3
"""How fast `swiftui-migrate lsp` answers a change, and whether its memory stays flat.

Starts the server, opens a generated SwiftUI view file of --lines lines (views with Groups,
run-once flags and Tasks in onAppear, so every check has findings to make), then sends --changes
edits one at a time, each a whole-text didChange, and times each from the moment it is written
to the moment the diagnostics of that version arrive (the server's debounce included). Prints
the median, 95th percentile and maximum latency, and the server's RSS (VmRSS, /proc) after
opening and after every tenth of the changes.

    scripts/lib/bench-lsp.py --bin PATH [--lines 2000] [--changes 1000]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

VIEW = """
struct ShelfView{n}: View {{
    @State private var isLoading = true
    @State private var books: [String] = []
    @State private var hasLoaded = false
    let shelfID: String

    var body: some View {{
        VStack {{
            Group {{
                if isLoading {{
                    ProgressView()
                }} else {{
                    List(books, id: \\.self) {{ Text($0) }}
                }}
            }}
            .onAppear {{
                guard !hasLoaded else {{ return }}
                hasLoaded = true
                Task {{ books = await load(shelfID) }}
            }}
            Text("shelf {n}")
                .onAppear {{
                    Task {{ isLoading = await refresh() }}
                }}
        }}
    }}

    func load(_ id: String) async -> [String] {{ [] }}
    func refresh() async -> Bool {{ false }}
}}
"""


# The same view with nothing to migrate (a VStack, a tap gesture).
PLAIN = VIEW.replace("Group {{", "VStack {{").replace(".onAppear {{", ".onTapGesture {{")


def view_file(lines: int, every: int = 1) -> str:
    text, n = "import SwiftUI\n", 0
    while text.count("\n") < lines:
        n += 1
        text += (VIEW if n % every == 0 else PLAIN).format(n=n)
    return text


class Server:
    def __init__(self, binary: str, folder: str):
        self.process = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=folder)
        self.next_id = 0

    def send(self, message: dict):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def request(self, method: str, params) -> dict:
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == self.next_id and "method" not in message:
                return message

    def notify(self, method: str, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def receive(self) -> dict:
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("bench-lsp: the server closed its output")
            line = line.strip()
            if not line:
                break
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def diagnostics(self, uri: str, version: int) -> list:
        while True:
            message = self.receive()
            params = message.get("params") or {}
            if message.get("method") == "textDocument/publishDiagnostics" and params.get("uri") == uri and params.get("version") == version:
                return params["diagnostics"]

    def cpu_seconds(self) -> float:
        """User and system CPU time the server has used (/proc/PID/stat)."""
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_kib(self) -> int:
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--lines", type=int, default=2000)
    parser.add_argument("--changes", type=int, default=1000)
    parser.add_argument("--every", type=int, default=1, help="one view in EVERY has the lifecycle patterns (1: all of them)")
    arguments = parser.parse_args()
    arguments.bin = os.path.abspath(arguments.bin)

    folder = tempfile.mkdtemp(prefix="swiftui-migrate-bench-lsp-")
    path = os.path.join(folder, "ShelfViews.swift")
    text = view_file(arguments.lines, arguments.every)
    uri = "file://" + path
    server = Server(arguments.bin, folder)
    server.request("initialize", {"processId": os.getpid(), "capabilities": {}, "rootUri": "file://" + folder})
    server.notify("initialized", {})
    started = time.perf_counter()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}})
    found = server.diagnostics(uri, 1)
    opened = time.perf_counter() - started
    rss = [("after open", server.rss_kib())]

    latencies = []
    cpu_before = server.cpu_seconds()
    lines = text.split("\n")
    for change in range(1, arguments.changes + 1):
        # Type at the end of one line: a comment grows and shrinks, as under a keyboard.
        index = 20 + (change * 37) % (len(lines) - 40)
        edited = list(lines)
        edited[index] = edited[index] + " // " + "x" * (change % 17)
        version = change + 1
        started = time.perf_counter()
        server.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"text": "\n".join(edited)}],
        })
        server.diagnostics(uri, version)
        latencies.append(time.perf_counter() - started)
        if change % max(1, arguments.changes // 10) == 0:
            rss.append((f"after {change} changes", server.rss_kib()))

    cpu = (server.cpu_seconds() - cpu_before) / max(1, arguments.changes)
    server.request("shutdown", None)
    server.notify("exit", None)
    server.process.wait(timeout=10)
    latencies.sort()
    ms = lambda seconds: f"{seconds * 1000:.1f} ms"
    print(f"bench-lsp: a {text.count(chr(10))}-line view file, {len(found)} diagnostics; first check after open {ms(opened)}")
    print(f"bench-lsp: {len(latencies)} changes, change to diagnostics: median {ms(statistics.median(latencies))}, "
          f"p95 {ms(latencies[int(len(latencies) * 0.95) - 1])}, max {ms(latencies[-1])} (25 ms debounce included); "
          f"server CPU per change {ms(cpu)}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print("bench-lsp: server RSS " + ", ".join(f"{label} {kib / 1024:.1f} MiB" for label, kib in rss))
    growth = rss[-1][1] - rss[1][1] if len(rss) > 1 else 0
    print(f"bench-lsp: RSS growth from the first tenth of the changes to the end: {growth / 1024:+.1f} MiB")


if __name__ == "__main__":
    sys.exit(main())
