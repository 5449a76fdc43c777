// FreeType 2 (Debian libfreetype-dev): the base API, outline transforms and emboldening.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
