"""Train the OCR-B character classifier (a ReLU MLP in numpy) and write its Float16 weights.

    python3 tools/ocrb/train.py --train /tmp/ocrb/train.npz \
        --val moderate=/tmp/ocrb/moderate.npz --val hard=/tmp/ocrb/hard.npz \
        --out Sources/PapersRecognition/Resources/ocrb-mlp.bin

Weight file (all little-endian): the 8 ASCII bytes "PPOCRB01", UInt32 layer count L, L + 1
UInt32 sizes n0 (560 = 28 x 20 inputs) ... nL (37 classes), then for each layer its weights as
n_out x n_in Float16 (row o holds the weights of output o) followed by n_out Float16 biases.
Hidden layers are ReLU, the last one is followed by a softmax.
"""
import argparse
import os
import struct
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from render import ALPHABET  # noqa: E402

MAGIC = b"PPOCRB01"
CLASSES = len(ALPHABET)


def load(path):
    """(patches as N x 560 float32, labels, cap heights)."""
    data = np.load(path)
    x = data["patches"].reshape(len(data["labels"]), -1).astype(np.float32) / 255
    return x, data["labels"].astype(np.int64), data["caps"]


def init(sizes, rng):
    return [(rng.normal(0, np.sqrt(2 / n_in), (n_in, n_out)).astype(np.float32), np.zeros(n_out, np.float32))
            for n_in, n_out in zip(sizes[:-1], sizes[1:])]


def forward(layers, x):
    """Activations of every layer (the input first) and the logits last."""
    acts = [x]
    for i, (w, b) in enumerate(layers):
        z = acts[-1] @ w + b
        acts.append(np.maximum(z, 0) if i < len(layers) - 1 else z)
    return acts


def softmax(z):
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def targets(labels):
    """One-hot rows; a blank patch (label -1) is trained towards the uniform answer."""
    t = np.full((len(labels), CLASSES), 1 / CLASSES, np.float32)
    known = labels >= 0
    t[known] = 0
    t[np.nonzero(known)[0], labels[known]] = 1
    return t


def train(layers, x, y, epochs, batch, lr, seed, log):
    rng = np.random.default_rng(seed)
    moments = [[np.zeros_like(p) for p in layer] for layer in layers]
    squares = [[np.zeros_like(p) for p in layer] for layer in layers]
    steps_per_epoch = len(y) // batch
    total, step = epochs * steps_per_epoch, 0
    b1, b2, eps = 0.9, 0.999, 1e-8
    for epoch in range(epochs):
        order = rng.permutation(len(y))
        loss_sum = 0.0
        for k in range(steps_per_epoch):
            idx = order[k * batch:(k + 1) * batch]
            acts = forward(layers, x[idx])
            p = softmax(acts[-1])
            t = targets(y[idx])
            loss_sum += float(-(t * np.log(p + 1e-12)).sum() / len(idx))
            grad = (p - t) / len(idx)
            step += 1
            rate = lr * 0.5 * (1 + np.cos(np.pi * step / total))
            for i in range(len(layers) - 1, -1, -1):
                w, b = layers[i]
                grads = (acts[i].T @ grad, grad.sum(axis=0))
                if i > 0:
                    grad = (grad @ w.T) * (acts[i] > 0)
                for j, g in enumerate(grads):
                    moments[i][j] = b1 * moments[i][j] + (1 - b1) * g
                    squares[i][j] = b2 * squares[i][j] + (1 - b2) * g * g
                    m_hat = moments[i][j] / (1 - b1 ** step)
                    v_hat = squares[i][j] / (1 - b2 ** step)
                    layers[i][j][...] -= rate * m_hat / (np.sqrt(v_hat) + eps)
        log(f"epoch {epoch + 1}/{epochs}: loss {loss_sum / steps_per_epoch:.4f}")


CAP_BUCKETS = (9, 14, 20, 30, 45, 65)


def evaluate(layers, x, y, caps):
    """(top-1, top-2, mean per-class top-1, [(count, truth, guess)] of the commonest confusions,
    top-1 per cap height bucket)."""
    known = y >= 0
    x, y, caps = x[known], y[known], caps[known]
    logits = np.concatenate([forward(layers, x[i:i + 4096])[-1] for i in range(0, len(y), 4096)])
    top = np.argsort(-logits, axis=1)[:, :2]
    hit1 = top[:, 0] == y
    hit2 = hit1 | (top[:, 1] == y)
    per_class = [hit1[y == c].mean() for c in range(CLASSES) if (y == c).any()]
    wrong = ~hit1
    pairs, counts = np.unique(np.stack([y[wrong], top[wrong, 0]], axis=1), axis=0, return_counts=True)
    confusions = sorted(((int(n), ALPHABET[a], ALPHABET[b]) for (a, b), n in zip(pairs, counts)), reverse=True)
    buckets = [(lo, hi, hit1[(caps >= lo) & (caps < hi)].mean()) for lo, hi in zip(CAP_BUCKETS, CAP_BUCKETS[1:])
               if ((caps >= lo) & (caps < hi)).any()]
    return hit1.mean(), hit2.mean(), float(np.mean(per_class)), confusions[:6], buckets


def as_float16(layers):
    return [(w.astype(np.float16).astype(np.float32), b.astype(np.float16).astype(np.float32)) for w, b in layers]


def write(layers, path):
    sizes = [layers[0][0].shape[0]] + [w.shape[1] for w, _ in layers]
    with open(path, "wb") as f:
        f.write(MAGIC + struct.pack(f"<{len(sizes) + 1}I", len(layers), *sizes))
        for w, b in layers:
            f.write(np.ascontiguousarray(w.T).astype("<f2").tobytes())
            f.write(b.astype("<f2").tobytes())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", required=True)
    parser.add_argument("--val", action="append", default=[], help="NAME=PATH, repeatable")
    parser.add_argument("--out", required=True)
    parser.add_argument("--hidden", default="192,96")
    parser.add_argument("--epochs", type=int, default=14)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--lr", type=float, default=1.5e-3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    start = time.time()

    def log(text):
        print(f"[{time.time() - start:5.0f} s] {text}", flush=True)

    x, y, _ = load(args.train)
    log(f"train: {len(y)} patches ({(y < 0).sum()} blank)")
    sizes = [x.shape[1]] + [int(n) for n in args.hidden.split(",")] + [CLASSES]
    layers = init(sizes, np.random.default_rng(args.seed))
    train(layers, x, y, args.epochs, args.batch, args.lr, args.seed, log)
    shipped = as_float16(layers)
    for name, path in (v.split("=", 1) for v in args.val):
        vx, vy, caps = load(path)
        top1, top2, balanced, confusions, buckets = evaluate(shipped, vx, vy, caps)
        pairs = ", ".join(f"{t}->{g} x{n}" for n, t, g in confusions)
        by_cap = ", ".join(f"{lo}-{hi} px {100 * acc:.2f}%" for lo, hi, acc in buckets)
        log(f"{name}: top-1 {100 * top1:.2f}%  top-2 {100 * top2:.2f}%  per-class mean {100 * balanced:.2f}%"
            f"  ({(vy >= 0).sum()} patches; commonest errors: {pairs}; top-1 by cap height: {by_cap})")
    write(shipped, args.out)
    log(f"wrote {args.out} ({os.path.getsize(args.out)} bytes, sizes {sizes})")


if __name__ == "__main__":
    main()
