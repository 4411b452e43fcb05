#pragma once
// The tile to paint with: every tile kind of the project — the built-ins and its
// own — with its colour and glyph.
#include <QComboBox>

#include "model/tile_kinds.h"

namespace burrow::ui {

// A small picture of a tile kind: its colour with its glyph, as the map draws it.
QIcon tileIcon(const TileKind& kind, int size = 16);

class TilePalette : public QComboBox {
    Q_OBJECT
public:
    explicit TilePalette(QWidget* parent = nullptr);
    // The project's kinds; the chosen kind stays chosen when it is still there.
    void setKinds(const TileKinds& kinds);
    Tile tile() const { return static_cast<Tile>(currentData().toInt()); }

signals:
    void tileChosen(burrow::Tile tile);

private:
    TileKinds kinds_;
};

} // namespace burrow::ui
