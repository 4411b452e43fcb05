#pragma once
// x86 processors run SSE instructions slowly while the upper halves of the AVX
// registers are marked in use ("dirty upper state"): each such instruction then waits
// on, or merges with, those halves. The core is built for plain x86-64, so its
// floating point is SSE; code elsewhere in the process that leaves the state dirty (Qt,
// once a QApplication is made; a game's own AVX code) made wave function collapse 45%
// slower in the editor than on the command line, same level, same build. Clearing the
// state (vzeroupper) before generating costs about a cycle; nothing else the core
// calls dirties it again.
namespace burrow {

// Clears the upper halves of the AVX registers, where the processor has AVX; else nothing.
void clearUpperVectorState();

} // namespace burrow
