#!/usr/bin/env python3
"""A git smart-HTTP server for the push tests: `git http-backend` behind HTTP basic authentication.

    git-http-server.py ROOT USER PASSWORD

Serves the repositories under ROOT at http://127.0.0.1:<port>/<name>; prints the port on the first
line of standard output, then serves until killed. Every request without the right
`Authorization: Basic` header gets 401, as a hosted git server answers a push without credentials.
"""
import base64
import http.server
import os
import subprocess
import sys

root, user, password = sys.argv[1:4]
expected = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


class GitHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.serve()

    def do_POST(self):
        self.serve()

    def body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            data = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return data
                data += self.rfile.read(size)
                self.rfile.readline()
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def reply(self, status, headers, payload):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def serve(self):
        body = self.body()
        if self.headers.get("Authorization") != expected:
            self.reply(401, [("WWW-Authenticate", 'Basic realm="git"')], b"")
            return
        path, _, query = self.path.partition("?")
        environment = dict(
            os.environ, GIT_PROJECT_ROOT=root, GIT_HTTP_EXPORT_ALL="1", PATH_INFO=path, QUERY_STRING=query,
            REQUEST_METHOD=self.command, REMOTE_USER=user, REMOTE_ADDR="127.0.0.1",
            CONTENT_TYPE=self.headers.get("Content-Type", ""), CONTENT_LENGTH=str(len(body)))
        if self.headers.get("Content-Encoding"):
            environment["HTTP_CONTENT_ENCODING"] = self.headers["Content-Encoding"]
        output = subprocess.run(["git", "http-backend"], input=body, env=environment, capture_output=True).stdout
        separator = b"\r\n\r\n" if b"\r\n\r\n" in output else b"\n\n"
        head, _, payload = output.partition(separator)
        status, headers = 200, []
        for line in head.decode().splitlines():
            name, _, value = line.partition(":")
            if name.lower() == "status":
                status = int(value.split()[0])
            elif name:
                headers.append((name, value.strip()))
        self.reply(status, headers, payload)


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), GitHandler)
print(server.server_address[1], flush=True)
server.serve_forever()
