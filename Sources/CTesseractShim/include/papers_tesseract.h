#pragma once
// A small C API over Tesseract 5's own C API (Debian libtesseract-dev), written in C
// (papers_tesseract.c): one engine per handle, one page per call, every word with its box,
// confidence and line.
//
// Ownership: papers_tess_create allocates an engine that the caller releases with
// papers_tess_free; papers_tess_recognize allocates a words handle released with
// papers_tess_words_free. Text pointers returned by the accessors stay valid until then.
// An engine is NOT safe to use from two threads at once; different engines are independent.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What the functions report.
typedef enum {
    PAPERS_TESS_OK = 0,
    PAPERS_TESS_INVALID_ARGUMENT = 1, ///< null pointer, empty or inconsistent sizes
    PAPERS_TESS_INIT_FAILED = 2,      ///< Tesseract could not load the language data
    PAPERS_TESS_RECOGNITION_FAILED = 3,
    PAPERS_TESS_OUT_OF_MEMORY = 4,
} papers_tess_status;

/// A Tesseract engine with one language loaded (opaque).
typedef struct papers_tess papers_tess;

/// The words of one page (opaque).
typedef struct papers_tess_words papers_tess_words;

/// One recognised word. Boxes are in input pixels, `right` and `bottom` exclusive.
typedef struct {
    const char *text;  ///< UTF-8, NUL-terminated
    int left, top, right, bottom;
    float confidence;  ///< Tesseract's word confidence, 0 to 100
    int block;         ///< index of the word's block on the page
    int line;          ///< index of the word's text line on the page (counted over all blocks)
} papers_tess_word;

/// Keeps the process's OpenMP runtime (libgomp, which libtesseract links) to one thread.
///
/// libgomp reads OMP_THREAD_LIMIT when it is loaded, before any code of ours runs, so setting
/// the variable here only reaches child processes; the runtime is told directly instead, by
/// allowing no active parallel region (OpenMP's max-active-levels of 0).
void papers_tess_single_thread(void);

/// Starts Tesseract with `language` (e.g. "eng") from the tessdata folder `data_path`
/// (NULL: Tesseract's compiled-in folder or TESSDATA_PREFIX). On PAPERS_TESS_OK `*engine` is a
/// handle to free with papers_tess_free; otherwise NULL.
papers_tess_status papers_tess_create(const char *data_path, const char *language, papers_tess **engine);

/// Ends the engine and frees it. NULL is ignored.
void papers_tess_free(papers_tess *engine);

/// Recognises one page: an 8-bit image of `width` x `height` pixels of `bytes_per_pixel`
/// (1 gray, 3 RGB, 4 RGBA) bytes, rows `bytes_per_row` apart, `byte_count` bytes readable at
/// `pixels`, with Tesseract's page segmentation mode `page_segmentation_mode` (0 to 13) at
/// `ppi` pixels per inch (70 to 2400). On PAPERS_TESS_OK `*words` is a handle (possibly with
/// no words) to free with papers_tess_words_free; otherwise NULL.
papers_tess_status papers_tess_recognize(papers_tess *engine, const uint8_t *pixels, size_t byte_count,
                                         int width, int height, int bytes_per_pixel, int bytes_per_row,
                                         int page_segmentation_mode, int ppi, papers_tess_words **words);

/// The number of words.
int papers_tess_words_count(const papers_tess_words *words);

/// Word `index`, or NULL when out of range. Valid until the handle is freed.
const papers_tess_word *papers_tess_words_at(const papers_tess_words *words, int index);

/// Frees the words. NULL is ignored.
void papers_tess_words_free(papers_tess_words *words);

/// Tesseract's version string (static storage).
const char *papers_tess_version(void);

#ifdef __cplusplus
}
#endif
