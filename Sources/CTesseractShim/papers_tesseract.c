#include "papers_tesseract.h"

#include <stdlib.h>
#include <string.h>
#include <tesseract/capi.h>

// libgomp's API (declared here so that the shim needs no compiler-specific omp.h).
void omp_set_max_active_levels(int max_levels);
// Leptonica's message threshold (environ.h): 6 is L_SEVERITY_NONE.
int setMsgSeverity(int newsev);

struct papers_tess {
    TessBaseAPI *api;
};

struct papers_tess_words {
    papers_tess_word *items;
    int count;
    int capacity;
};

void papers_tess_single_thread(void) {
    setenv("OMP_THREAD_LIMIT", "1", 0);
    omp_set_max_active_levels(0);
}

papers_tess_status papers_tess_create(const char *data_path, const char *language, papers_tess **engine) {
    if (engine == NULL) return PAPERS_TESS_INVALID_ARGUMENT;
    *engine = NULL;
    if (language == NULL || language[0] == '\0') return PAPERS_TESS_INVALID_ARGUMENT;
    papers_tess_single_thread();
    // Leptonica reports clipped boxes on stderr while Tesseract reads a page; the caller gets
    // statuses instead.
    setMsgSeverity(6);
    papers_tess *made = calloc(1, sizeof *made);
    if (made == NULL) return PAPERS_TESS_OUT_OF_MEMORY;
    made->api = TessBaseAPICreate();
    if (made->api == NULL) {
        free(made);
        return PAPERS_TESS_OUT_OF_MEMORY;
    }
    // The LSTM engine only (what the Debian models carry); Tesseract's own diagnostics go nowhere.
    if (TessBaseAPIInit2(made->api, data_path, language, OEM_LSTM_ONLY) != 0) {
        TessBaseAPIDelete(made->api);
        free(made);
        return PAPERS_TESS_INIT_FAILED;
    }
    TessBaseAPISetVariable(made->api, "debug_file", "/dev/null");
    *engine = made;
    return PAPERS_TESS_OK;
}

void papers_tess_free(papers_tess *engine) {
    if (engine == NULL) return;
    TessBaseAPIEnd(engine->api);
    TessBaseAPIDelete(engine->api);
    free(engine);
}

static int append(papers_tess_words *words, const papers_tess_word *word) {
    if (words->count == words->capacity) {
        int capacity = words->capacity == 0 ? 64 : words->capacity * 2;
        papers_tess_word *grown = realloc(words->items, (size_t)capacity * sizeof *grown);
        if (grown == NULL) return 0;
        words->items = grown;
        words->capacity = capacity;
    }
    words->items[words->count++] = *word;
    return 1;
}

papers_tess_status papers_tess_recognize(papers_tess *engine, const uint8_t *pixels, size_t byte_count,
                                         int width, int height, int bytes_per_pixel, int bytes_per_row,
                                         int page_segmentation_mode, int ppi, papers_tess_words **words) {
    if (words == NULL) return PAPERS_TESS_INVALID_ARGUMENT;
    *words = NULL;
    if (engine == NULL || pixels == NULL || width <= 0 || height <= 0) return PAPERS_TESS_INVALID_ARGUMENT;
    if (bytes_per_pixel != 1 && bytes_per_pixel != 3 && bytes_per_pixel != 4) return PAPERS_TESS_INVALID_ARGUMENT;
    if (bytes_per_row < width * bytes_per_pixel) return PAPERS_TESS_INVALID_ARGUMENT;
    if ((size_t)bytes_per_row * (size_t)height > byte_count) return PAPERS_TESS_INVALID_ARGUMENT;
    if (page_segmentation_mode < 0 || page_segmentation_mode > 13) return PAPERS_TESS_INVALID_ARGUMENT;
    if (ppi < 70 || ppi > 2400) return PAPERS_TESS_INVALID_ARGUMENT;

    TessBaseAPISetPageSegMode(engine->api, (TessPageSegMode)page_segmentation_mode);
    TessBaseAPISetImage(engine->api, pixels, width, height, bytes_per_pixel, bytes_per_row);
    TessBaseAPISetSourceResolution(engine->api, ppi);
    if (TessBaseAPIRecognize(engine->api, NULL) != 0) {
        TessBaseAPIClear(engine->api);
        return PAPERS_TESS_RECOGNITION_FAILED;
    }
    papers_tess_words *made = calloc(1, sizeof *made);
    if (made == NULL) {
        TessBaseAPIClear(engine->api);
        return PAPERS_TESS_OUT_OF_MEMORY;
    }
    papers_tess_status status = PAPERS_TESS_OK;
    TessResultIterator *iterator = TessBaseAPIGetIterator(engine->api);
    if (iterator != NULL) {
        const TessPageIterator *page = TessResultIteratorGetPageIteratorConst(iterator);
        int block = -1, line = -1;
        do {
            if (TessPageIteratorIsAtBeginningOf(page, RIL_BLOCK)) block += 1;
            if (TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE)) line += 1;
            char *text = TessResultIteratorGetUTF8Text(iterator, RIL_WORD);
            if (text == NULL) continue;
            papers_tess_word word = {0};
            if (!TessPageIteratorBoundingBox(page, RIL_WORD, &word.left, &word.top, &word.right, &word.bottom)) {
                TessDeleteText(text);
                continue;
            }
            word.confidence = TessResultIteratorConfidence(iterator, RIL_WORD);
            word.block = block < 0 ? 0 : block;
            word.line = line < 0 ? 0 : line;
            word.text = strdup(text);
            TessDeleteText(text);
            if (word.text == NULL || !append(made, &word)) {
                free((void *)word.text);
                status = PAPERS_TESS_OUT_OF_MEMORY;
                break;
            }
        } while (TessResultIteratorNext(iterator, RIL_WORD));
        TessResultIteratorDelete(iterator);
    }
    TessBaseAPIClear(engine->api);
    if (status != PAPERS_TESS_OK) {
        papers_tess_words_free(made);
        return status;
    }
    *words = made;
    return PAPERS_TESS_OK;
}

int papers_tess_words_count(const papers_tess_words *words) { return words == NULL ? 0 : words->count; }

const papers_tess_word *papers_tess_words_at(const papers_tess_words *words, int index) {
    if (words == NULL || index < 0 || index >= words->count) return NULL;
    return &words->items[index];
}

void papers_tess_words_free(papers_tess_words *words) {
    if (words == NULL) return;
    for (int i = 0; i < words->count; i++) free((void *)words->items[i].text);
    free(words->items);
    free(words);
}

const char *papers_tess_version(void) { return TessVersion(); }
