// rot.js's mazes at burrow-bench's maze size, for timing side by side on one machine.
//   npm install rot-js && node rot_mazes.mjs
import * as ROT from "rot-js";

ROT.RNG.setSeed(1234);

function time(name, make) {
    const times = [];
    for (let run = 0; run < 15; ++run) {
        const start = performance.now();
        make();
        times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(`${name}: median ${times[7].toFixed(2)} ms`);
}

// The callback touches every cell, as burrow's level holds every cell.
for (const [name, Maze] of [["EllerMaze", ROT.Map.EllerMaze], ["IceyMaze", ROT.Map.IceyMaze], ["DividedMaze", ROT.Map.DividedMaze]])
    time(`${name} 1001 x 1001`, () => {
        let walls = 0;
        new Maze(1001, 1001).create((x, y, wall) => { walls += wall; });
    });
