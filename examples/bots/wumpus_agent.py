#!/usr/bin/env python3
"""A minimal Wumpus-world agent for botforge's line protocol, standard library only.

It walks only on cells it knows to be free of pits (visited cells and the neighbours of
visited cells without a breeze), explores the nearest such cell it has not visited, grabs
the gold when it glitters, then walks back to the start and quits. With nothing safe left
to explore it goes home and quits without the gold. It ignores the wumpi (they move and
may eat it) and never shoots. Run it with:

    botforge wumpus play --agent "cmd:python3 examples/bots/wumpus_agent.py" --seed 1
"""

import sys
from collections import deque

HEADINGS = ["NORTH", "EAST", "SOUTH", "WEST"]  # clockwise
STEP = {"NORTH": (0, -1), "EAST": (1, 0), "SOUTH": (0, 1), "WEST": (-1, 0)}


def fields(line):
    """`KEY a=1 b=2` -> {'a': '1', 'b': '2'}; unknown keys are kept and ignored."""
    return dict(tok.split("=", 1) for tok in line.split()[1:] if "=" in tok)


class Agent:
    def __init__(self, start):
        self.width = int(start["width"])
        self.height = int(start["height"])
        x, y = start["start"].split(",")
        self.home = (int(x), int(y))
        self.pos = self.home
        self.heading = start["heading"]
        self.visited = set()
        self.safe = {self.home}
        self.has_gold = False
        self.last = None  # last action sent

    def inside(self, cell):
        return 0 < cell[0] < self.width - 1 and 0 < cell[1] < self.height - 1

    def neighbours(self, cell):
        for dx, dy in STEP.values():
            n = (cell[0] + dx, cell[1] + dy)
            if self.inside(n):
                yield n

    def observe(self, percept):
        if self.last == "GO_FORWARD" and percept["effect"] == "MOVEMENT_SUCCESSFUL":
            dx, dy = STEP[self.heading]
            self.pos = (self.pos[0] + dx, self.pos[1] + dy)
        elif self.last == "GRAB" and percept["effect"] == "GOLD_FOUND":
            self.has_gold = True
        self.visited.add(self.pos)
        self.safe.add(self.pos)
        if percept["breeze"] == "0":
            self.safe.update(self.neighbours(self.pos))
        return percept["glitter"] == "1"

    def first_step(self, goals):
        """The first cell of a shortest path over safe cells to any goal, or None."""
        parent = {self.pos: None}
        queue = deque([self.pos])
        while queue:
            cell = queue.popleft()
            if cell in goals and cell != self.pos:
                while parent[cell] != self.pos:
                    cell = parent[cell]
                return cell
            for n in self.neighbours(cell):
                if n in self.safe and n not in parent:
                    parent[n] = cell
                    queue.append(n)
        return None

    def move_to(self, cell):
        """The action that moves toward the adjacent `cell` (turn first if needed)."""
        want = next(h for h, (dx, dy) in STEP.items()
                    if (self.pos[0] + dx, self.pos[1] + dy) == cell)
        turns = (HEADINGS.index(want) - HEADINGS.index(self.heading)) % 4
        if turns == 0:
            return "GO_FORWARD"
        if turns == 3:
            self.heading = HEADINGS[(HEADINGS.index(self.heading) + 3) % 4]
            return "TURN_LEFT"
        self.heading = HEADINGS[(HEADINGS.index(self.heading) + 1) % 4]
        return "TURN_RIGHT"

    def act(self, glitter):
        if glitter and not self.has_gold:
            return "GRAB"
        if not self.has_gold:
            frontier = self.safe - self.visited
            step = self.first_step(frontier) if frontier else None
            if step is not None:
                return self.move_to(step)
        if self.pos == self.home:
            return "QUIT_GAME"
        step = self.first_step({self.home})
        return self.move_to(step) if step is not None else "QUIT_GAME"


def main():
    agent = None
    for line in sys.stdin:
        line = line.strip()
        if line.startswith("START"):
            agent = Agent(fields(line))
        elif line.startswith("PERCEPT") and agent is not None:
            percept = fields(line)
            if percept["effect"] == "GAME_OVER":
                continue
            glitter = agent.observe(percept)
            agent.last = agent.act(glitter)
            sys.stdout.write(agent.last + "\n")
            sys.stdout.flush()
        elif line.startswith("END"):
            break


if __name__ == "__main__":
    main()
