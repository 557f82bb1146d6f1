#!/usr/bin/env python3
"""A fake 2011 Ants TCP game server for the client tests: the wire format of the 2011
`ants-tcp` server (login, rejection, game start, turns, end block), quirks included.

    fake_2011_server.py SCENARIOS LOG

SCENARIOS is a comma-separated list; connection k (0-based) is served by scenario k, one
after the other, then the server exits. It prints `port N` on stdout once it listens on
127.0.0.1. Every line a client sends is appended to LOG as a JSON line
{"conn": k, "line": "<the raw line, line end included>"}.

Scenarios:
  game      a 3-turn game: `INFO: game …`, setup with `turntime 500`, turns with
            `INFO: ignored …` lines mid-turn, the end block, then the quirk lines
            `end`, `you timed out.`, empty line
  local     the same game ending with the local engine's end form
  busy      "alice is already queued for game 3": INFO / end / go, close
  password  "invalid password for alice": INFO / end / go, close
  midgame   setup and one turn, then the connection closes
  timedout  setup and one turn, then `end`, `you timed out.`, empty line, close (no go)
  silent    reads the login, then sends nothing for 30 s
  longline  setup, then a 100 KiB line
  flood     setup, then 70000 state lines in one turn
"""

import json
import socket
import sys
import time

SETUP = [
    "turn 0",
    "loadtime 5000",
    "turntime 500",
    "rows 10",
    "cols 10",
    "turns 3",
    "viewradius2 77",
    "attackradius2 5",
    "spawnradius2 1",
    "player_seed 42",
    "ready",
]


class Conn:
    def __init__(self, sock, index, log):
        self.sock = sock
        self.index = index
        self.log = log
        self.reader = sock.makefile("rb")

    def send(self, *lines):
        self.sock.sendall("".join(l + "\n" for l in lines).encode())

    def recv_line(self):
        raw = self.reader.readline()
        if raw:
            with open(self.log, "a") as f:
                f.write(json.dumps({"conn": self.index, "line": raw.decode("latin-1")}) + "\n")
        return raw

    def answer(self):
        """Reads one answer: lines up to `go` or an empty line; False on a closed socket."""
        while True:
            raw = self.recv_line()
            if not raw:
                return False
            text = raw.decode("latin-1").strip()
            if text == "" or text.lower() == "go":
                return True

    def login(self):
        return self.recv_line()

    def setup(self):
        self.send("INFO: game 7 tiny_p02.map : ['alice', 'bob']", *SETUP)
        return self.answer()

    def turn(self, n):
        self.send(
            "turn %d" % n,
            "w 0 0",
            "h 1 1 0",
            "a 1 %d 0" % n,
            "INFO: ignored o 9 9 n - no ant there",
            "a 8 8 1",
            "f 2 2",
            "go",
        )
        return self.answer()

    def quirk(self):
        self.send("end", "you timed out.", "")


def scenario(name, c):
    if not c.login():
        return
    if name in ("game", "local"):
        if not c.setup():
            return
        for n in (1, 2, 3):
            if not c.turn(n):
                return
        if name == "game":
            c.send("INFO: invalid o 1 3 x", "end", "game 7: survived score: 1 turn: 3", "go")
            c.quirk()
        else:
            c.send(
                "end", "players 2", "score 1 0", "status survived eliminated",
                "playerturns 3 2", "a 1 3 0", "go",
            )
    elif name == "busy":
        c.send("INFO: alice is already queued for game 3", "end", "go")
    elif name == "password":
        c.send("INFO: invalid password for alice", "end", "go")
    elif name == "midgame":
        if c.setup():
            c.turn(1)
    elif name == "timedout":
        if c.setup() and c.turn(1):
            c.quirk()
    elif name == "silent":
        time.sleep(30)
    elif name == "longline":
        if c.setup():
            c.send("turn 1", "f 1 " + "1" * (100 * 1024), "go")
            time.sleep(1)
    elif name == "flood":
        if c.setup():
            c.sock.sendall(b"turn 1\n" + b"f 1 1\n" * 70000 + b"go\n")
            time.sleep(1)
    else:
        raise SystemExit("unknown scenario " + name)


def main():
    scenarios = sys.argv[1].split(",")
    log = sys.argv[2]
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    server.settimeout(60)
    print("port %d" % server.getsockname()[1], flush=True)
    for index, name in enumerate(scenarios):
        sock, _ = server.accept()
        sock.settimeout(20)
        try:
            scenario(name, Conn(sock, index, log))
        except (OSError, socket.timeout):
            pass
        finally:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()


if __name__ == "__main__":
    main()
