#pragma once
// The tile to paint with: every tile kind with its colour and glyph.
#include <QComboBox>

#include "model/tile.h"

namespace burrow::ui {

// A small picture of a tile: its colour with its glyph, as the map draws it.
QIcon tileIcon(Tile tile, int size = 16);

class TilePalette : public QComboBox {
    Q_OBJECT
public:
    explicit TilePalette(QWidget* parent = nullptr);
    Tile tile() const { return static_cast<Tile>(currentData().toInt()); }

signals:
    void tileChosen(burrow::Tile tile);
};

} // namespace burrow::ui
