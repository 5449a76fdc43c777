#!/bin/sh
# Rebuilds the OCR-B classifier's weights and the glyph atlas from the font (see README.md).
# Usage: sh tools/ocrb/reproduce.sh [DATA_DIR]   (run from the repository root; DATA_DIR defaults to /tmp/ocrb)
set -eu
data=${1:-/tmp/ocrb}
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1  # one core: deterministic, and the machine stays usable
python3 tools/ocrb/render.py --set train    --samples 600000 --seed 1    --out "$data/train.npz"
python3 tools/ocrb/render.py --set moderate --samples 30000  --seed 1001 --out "$data/moderate.npz"
python3 tools/ocrb/render.py --set contract --samples 30000  --seed 1002 --out "$data/contract.npz"
python3 tools/ocrb/render.py --set hard     --samples 30000  --seed 1003 --out "$data/hard.npz"
python3 tools/ocrb/render.py --set heavy    --samples 30000  --seed 1004 --out "$data/heavy.npz"
python3 tools/ocrb/train.py --train "$data/train.npz" \
    --val moderate="$data/moderate.npz" --val contract="$data/contract.npz" --val hard="$data/hard.npz" --val heavy="$data/heavy.npz" \
    --out Sources/PapersRecognition/Resources/ocrb-mlp.bin
python3 tools/ocrb/atlas.py Sources/PapersSynthesis/Glyphs/OCRBGlyphAtlas.swift
