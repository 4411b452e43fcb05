<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="kinds" tilewidth="16" tileheight="16" margin="1" spacing="2" tilecount="4" columns="2">
 <image source="kinds.png" width="36" height="36"/>
 <tile id="0" type="floor"/>
 <tile id="1" class="wall"/>
 <tile id="3" type="water"><properties><property name="kind" value="water"/></properties></tile>
</tileset>
