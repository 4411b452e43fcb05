#pragma once

namespace burrow::ui {

// What a left drag on the map does. The middle button always pans.
enum class PaintTool { Pan, Pencil, Rectangle, Fill, Eraser, MakePrefab, Line, Select, Stamp };

} // namespace burrow::ui
