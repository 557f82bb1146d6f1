#!/usr/bin/env python3
"""A minimal Ants bot (Google AI Challenge 2011 protocol), standard library only.

Each turn every own ant steps toward the nearest visible food (torus Manhattan distance);
ants without food in sight wander in a random direction. Orders never send an ant into
water, onto a square another own ant will occupy, or onto food (the engine would ignore
that move). Run it against botforge's bots:

    botforge ants play --strict "cmd:python3 examples/bots/ants_bot.py" greedy
"""

import random
import sys

DIRS = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}


class Bot:
    def __init__(self):
        self.params = {}
        self.rows = self.cols = 0
        self.water = set()
        self.rng = random.Random(0)
        self.reset_turn()

    def reset_turn(self):
        self.ants = []  # own ants: (row, col)
        self.food = []

    def setup(self):
        self.rows = self.params["rows"]
        self.cols = self.params["cols"]
        self.rng = random.Random(self.params.get("player_seed", 0))

    def step(self, pos, d):
        dr, dc = DIRS[d]
        return ((pos[0] + dr) % self.rows, (pos[1] + dc) % self.cols)

    def distance(self, a, b):
        dr = abs(a[0] - b[0])
        dc = abs(a[1] - b[1])
        return min(dr, self.rows - dr) + min(dc, self.cols - dc)

    def orders(self):
        food = set(self.food)
        taken = set()  # destinations of own ants this turn
        staying = set(self.ants)  # own ants not (yet) ordered away
        out = []
        for ant in self.ants:
            dirs = list(DIRS)
            self.rng.shuffle(dirs)
            if self.food:
                target = min(self.food, key=lambda f: self.distance(ant, f))
                dirs.sort(key=lambda d: self.distance(self.step(ant, d), target))
            for d in dirs:
                dest = self.step(ant, d)
                if dest in self.water or dest in food or dest in taken or dest in staying:
                    continue
                taken.add(dest)
                staying.discard(ant)
                out.append("o %d %d %s" % (ant[0], ant[1], d))
                break
            else:
                taken.add(ant)  # stays: nobody else may step here
        return out


def main():
    bot = Bot()
    out = sys.stdout
    ended = False
    for raw in sys.stdin:
        tokens = raw.split()
        if not tokens:
            continue
        key = tokens[0]
        if key == "ready":
            bot.setup()
            out.write("go\n")
            out.flush()
        elif key == "go":
            if ended:
                break  # the end message needs no answer
            for line in bot.orders():
                out.write(line + "\n")
            out.write("go\n")
            out.flush()
            bot.reset_turn()
        elif key == "end":
            ended = True
        elif key == "turn":
            bot.reset_turn()
        elif key in ("w", "f", "h", "a", "d") and len(tokens) >= 3:
            pos = (int(tokens[1]), int(tokens[2]))
            if key == "w":
                bot.water.add(pos)
            elif key == "f":
                bot.food.append(pos)
            elif key == "a" and tokens[3] == "0":
                bot.ants.append(pos)
        elif len(tokens) == 2:
            try:
                bot.params[key] = int(tokens[1])
            except ValueError:
                pass


if __name__ == "__main__":
    main()
