#!/usr/bin/env python3
"""A minimal spe_ed client (informatiCup 2021), standard library only.

It speaks the official websocket protocol through a small RFC 6455 client written over
`socket` (and `ssl` for wss:// URLs). Every round it picks, among the five actions, one
whose move stays on the board and on free cells and leaves the largest free area around
the new head (flood fill); jumps over holes are not used. Configuration as in the
competition: the environment variables URL and KEY (or --url and --key); TIME_URL is
accepted but not needed, because the client answers at once. Against botforge's server:

    botforge speed serve --addr 127.0.0.1:10101 --players 2 --wait 0
    python3 examples/bots/speed_client.py --url ws://127.0.0.1:10101/spe_ed --key me
"""

import argparse
import base64
import hashlib
import json
import os
import socket
import ssl
import struct
import sys
import urllib.parse
from collections import deque

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
ACTIONS = ["change_nothing", "turn_left", "turn_right", "speed_up", "slow_down"]
DELTA = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
LEFT = {"up": "left", "left": "down", "down": "right", "right": "up"}
RIGHT = {v: k for k, v in LEFT.items()}


class WebSocket:
    """Just enough of RFC 6455 for a client: handshake, masked text frames out, any frames in."""

    def __init__(self, url):
        u = urllib.parse.urlsplit(url)
        secure = u.scheme == "wss"
        port = u.port or (443 if secure else 80)
        sock = socket.create_connection((u.hostname, port), timeout=60)
        if secure:
            sock = ssl.create_default_context().wrap_socket(sock, server_hostname=u.hostname)
        self.sock = sock
        self.buf = b""
        key = base64.b64encode(os.urandom(16)).decode()
        path = (u.path or "/") + ("?" + u.query if u.query else "")
        request = (
            "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (path, u.netloc, key)
        )
        sock.sendall(request.encode())
        while b"\r\n\r\n" not in self.buf:
            self.buf += self.recv()
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        if " 101 " not in lines[0] + " ":
            raise ConnectionError("handshake refused: " + lines[0])
        headers = {k.strip().lower(): v.strip() for k, v in
                   (line.split(":", 1) for line in lines[1:] if ":" in line)}
        accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
        if headers.get("sec-websocket-accept") != accept:
            raise ConnectionError("bad Sec-WebSocket-Accept")

    def recv(self):
        data = self.sock.recv(65536)
        if not data:
            raise EOFError("connection closed")
        return data

    def take(self, n):
        while len(self.buf) < n:
            self.buf += self.recv()
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def send_frame(self, opcode, payload):
        mask = os.urandom(4)
        n = len(payload)
        if n < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
        elif n < 65536:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def send_text(self, text):
        self.send_frame(0x1, text.encode())

    def receive_text(self):
        """The next text (or binary) message; answers pings; EOFError at the end."""
        message = b""
        while True:
            b0, b1 = self.take(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack("!H", self.take(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", self.take(8))[0]
            mask = self.take(4) if b1 & 0x80 else None
            payload = self.take(n)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            opcode = b0 & 0x0F
            if opcode == 0x8:
                raise EOFError("close frame")
            if opcode == 0x9:
                self.send_frame(0xA, payload)
                continue
            if opcode == 0xA:
                continue
            message += payload
            if b0 & 0x80:
                return message.decode()


def move_cells(state, me, action):
    """Cells the head passes with `action` (None if the action is illegal)."""
    direction, speed = me["direction"], me["speed"]
    if action == "turn_left":
        direction = LEFT[direction]
    elif action == "turn_right":
        direction = RIGHT[direction]
    elif action == "speed_up":
        speed += 1
    elif action == "slow_down":
        speed -= 1
    if not 1 <= speed <= 10:
        return None
    dx, dy = DELTA[direction]
    return [(me["x"] + dx * i, me["y"] + dy * i) for i in range(1, speed + 1)]


def free(state, x, y):
    return 0 <= x < state["width"] and 0 <= y < state["height"] and state["cells"][y][x] == 0


def area(state, start, blocked, limit=400):
    """Free cells reachable from `start` (up to `limit`), not entering `blocked`."""
    seen = {start}
    queue = deque([start])
    while queue and len(seen) < limit:
        x, y = queue.popleft()
        for dx, dy in DELTA.values():
            n = (x + dx, y + dy)
            if n not in seen and n not in blocked and free(state, *n):
                seen.add(n)
                queue.append(n)
    return len(seen)


def choose(state):
    me = state["players"][str(state["you"])]
    best, best_value = "change_nothing", -1
    for action in ACTIONS:
        cells = move_cells(state, me, action)
        if cells is None or not all(free(state, x, y) for x, y in cells):
            continue
        value = area(state, cells[-1], set(cells))
        if value > best_value:
            best, best_value = action, value
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default=os.environ.get("URL"))
    parser.add_argument("--key", default=os.environ.get("KEY"))
    parser.add_argument("--time-url", default=os.environ.get("TIME_URL"))
    args = parser.parse_args()
    if not args.url or not args.key:
        parser.error("URL and KEY are required (environment or --url/--key)")
    sep = "&" if "?" in args.url else "?"
    ws = WebSocket(args.url + sep + "key=" + urllib.parse.quote(args.key))
    rounds, state = 0, None
    try:
        while True:
            state = json.loads(ws.receive_text())
            if not state["running"]:
                break
            rounds += 1
            if state["players"][str(state["you"])]["active"]:
                ws.send_text(json.dumps({"action": choose(state)}))
    except (EOFError, ConnectionError, OSError) as err:
        if state is None or state["running"]:
            print("connection lost after %d states: %s" % (rounds, err), file=sys.stderr)
            return 1
    me = state["you"]
    alive = [pid for pid, p in state["players"].items() if p["active"]]
    if alive == [str(me)]:
        result = "won"
    elif not alive:
        result = "draw"
    elif str(me) in alive:
        result = "still active"
    else:
        result = "lost"
    print("player %s: %d rounds, %s" % (me, rounds, result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
