#pragma once
// The tile to paint with: every tile kind of the project — the built-ins and its
// own — with its colour and glyph.
#include <QComboBox>

#include "map/tile_atlas.h"
#include "model/tile_kinds.h"

namespace burrow::ui {

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
