// The web capture page: walks the verification workflow (consent, document choice, each part,
// confirmation, processing, outcome). Capture decisions come from the server's capture session:
// the page only shows the camera, sends a few frames a second and renders the answers.

const token = location.hash.slice(1);
const state = {
  texts: {},
  language: "en",
  session: null,
  parts: [],
  index: 0,
  step: "loading",
  stream: null,
  looping: false,
  finishing: false,
};

const $ = (id) => document.getElementById(id);
const text = (key, values = {}) =>
  (state.texts[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));

class LinkError extends Error {
  constructor(code, status) {
    super(code);
    this.code = code;
    this.status = status;
  }
}

async function api(path, options = {}) {
  const headers = { Authorization: `Bearer ${token}`, ...(options.headers ?? {}) };
  const response = await fetch(`/capture/api/${path}`, { ...options, headers, cache: "no-store", credentials: "omit" });
  if (!response.ok) {
    let code = `HTTP_${response.status}`;
    try { code = (await response.json()).code ?? code; } catch { /* not a problem document */ }
    throw new LinkError(code, response.status);
  }
  return response;
}

async function loadTexts(language) {
  const response = await fetch(`/capture/api/texts/${encodeURIComponent(language)}`, { cache: "no-store", credentials: "omit" });
  if (!response.ok) return;
  state.texts = await response.json();
  state.language = language;
  document.documentElement.lang = language;
  for (const element of document.querySelectorAll("[data-text]")) element.textContent = text(element.dataset.text);
  document.title = text("web.title");
}

function show(step) {
  state.step = step;
  document.body.dataset.step = step;
  const section = ["front", "back", "face"].includes(step) ? "capture" : step;
  for (const id of ["consent", "select", "capture", "confirm", "processing", "done", "error"]) $(id).hidden = id !== section;
  const part = state.parts[state.index];
  $("progress").textContent = part && ["front", "back", "face", "confirm"].includes(step)
    ? text("web.step", { current: state.index + 1, total: state.parts.length }) : "";
  const heading = document.querySelector(`#${section} h2`);
  if (heading) { heading.tabIndex = -1; heading.focus({ preventScroll: true }); }
}

function fail(error) {
  stopCamera();
  const code = error instanceof LinkError ? error.code : "";
  const key = { LINK_USED: "web.link.used", LINK_EXPIRED: "web.link.expired", LINK_INVALID: "web.link.invalid" }[code];
  $("error-message").textContent = key ? text(key) : text("web.error.title");
  document.querySelector('[data-action="retry"]').hidden = Boolean(key);
  show("error");
}

// MARK: consent and choice

function offerDocuments() {
  const countries = state.session.countries;
  const country = $("country");
  country.replaceChildren(...countries.map((entry) => new Option(entry.code, entry.code)));
  const fill = () => {
    const entry = countries.find((item) => item.code === country.value) ?? countries[0];
    $("document").replaceChildren(...entry.documents.map((doc) => new Option(text(`web.document.${doc.type}`), doc.type)));
  };
  country.onchange = fill;
  fill();
}

function choose(countryCode, type) {
  const entry = state.session.countries.find((item) => item.code === countryCode);
  const documentEntry = entry?.documents.find((doc) => doc.type === type);
  if (!documentEntry) return;
  state.parts = documentEntry.parts.map((part) => ({ part: part.part, mode: part.mode }));
  if (state.session.face) state.parts.push({ part: "face", mode: "faceCapture" });
  state.index = 0;
  startPart();
}

function afterConsent() {
  const countries = state.session.countries;
  if (countries.length === 1 && countries[0].documents.length === 1) {
    choose(countries[0].code, countries[0].documents[0].type);
  } else {
    offerDocuments();
    show("select");
  }
}

// MARK: capture

async function startPart() {
  const { part, mode } = state.parts[state.index];
  $("capture-title").textContent = text(`help.${mode}.short`).replace("{part}", text(`part.${part}`));
  $("capture-help").textContent = text(`help.${mode}.long`).replace("{part}", text(`part.${part}`));
  $("guidance").textContent = text("web.camera.starting");
  show(part);
  await startCamera(part === "face" ? "user" : "environment");
  if (state.stream && part !== "face") loop(part);
  else if (!state.stream) $("guidance").textContent = text("web.camera.unavailable");
  else $("guidance").textContent = "";
}

async function startCamera(facingMode) {
  stopCamera();
  if (!navigator.mediaDevices?.getUserMedia) return;
  try {
    state.stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: facingMode }, width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: false,
    });
    $("video").srcObject = state.stream;
    await $("video").play().catch(() => {});
  } catch {
    state.stream = null;
  }
}

function stopCamera() {
  state.looping = false;
  for (const track of state.stream?.getTracks() ?? []) track.stop();
  state.stream = null;
  $("video").srcObject = null;
}

/** The camera's current picture as a JPEG, at most 1280 pixels on its long side. */
async function grab() {
  const video = $("video");
  if (!video.videoWidth) return null;
  const scale = Math.min(1, 1280 / Math.max(video.videoWidth, video.videoHeight));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  canvas.getContext("2d").drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends frames while the part's step is shown, a few a second, one at a time. */
async function loop(part) {
  state.looping = true;
  while (state.looping && state.step === part) {
    const started = performance.now();
    const frame = await grab();
    if (frame) {
      try {
        const verdict = await (await api(`frames/${part}`, { method: "POST", headers: { "Content-Type": "image/jpeg" }, body: frame })).json();
        if (!state.looping || state.step !== part) return;
        if (verdict.captured) return captured(part);
        const first = verdict.guidance[0];
        $("guidance").textContent = first ? text(`guidance.${first}`) : "";
      } catch (error) {
        if (error instanceof LinkError && error.status === 429) { await pause(1000); continue; }
        return fail(error);
      }
    }
    await pause(Math.max(0, 250 - (performance.now() - started)));
  }
}

async function send(part, blob, type) {
  await api(`photo/${part}`, { method: "POST", headers: { "Content-Type": type }, body: blob });
  await captured(part);
}

async function captured(part) {
  stopCamera();
  const image = await (await api(`pending/${part}`)).blob();
  const preview = $("preview");
  if (preview.src) URL.revokeObjectURL(preview.src);
  preview.src = URL.createObjectURL(image);
  preview.alt = text(`part.${part}`);
  show("confirm");
}

// MARK: confirmation, processing, outcome

async function confirmPart() {
  const { part } = state.parts[state.index];
  await api(`confirm/${part}`, { method: "POST" });
  state.index += 1;
  if (state.index < state.parts.length) return startPart();
  state.finishing = true;
  await api("finish", { method: "POST" });
  await follow();
}

async function retakePart() {
  await api(`retake/${state.parts[state.index].part}`, { method: "POST" });
  await startPart();
}

/** Waits for the outcome: processing long-polls until the verification settles. */
async function follow() {
  show("processing");
  for (;;) {
    const status = await (await api("status?wait=25")).json();
    if (status.status === "DONE" || status.status === "FAILED") {
      $("outcome").textContent = status.decision ? text(`web.outcome.${status.decision}`) : "";
      return show("done");
    }
    if (status.status !== "PROCESSING") await pause(1000);
  }
}

/**
 * Offers the link as a QR code (shown on wide screens only, by the style sheet) and follows a
 * phone's progress: when the capture finishes elsewhere, this page shows the outcome too.
 */
async function offerHandoff() {
  if (!state.session.handoff) return;
  try {
    const svg = await (await api("link.svg")).blob();
    $("link-code").src = URL.createObjectURL(svg);
    $("link-code").alt = text("web.handoff.title");
    $("handoff").hidden = false;
  } catch {
    return;
  }
  for (;;) {
    await pause(2000);
    if (state.finishing) return;
    let status;
    try { status = await (await api("status")).json(); } catch { return; }
    if (status.status !== "PENDING" && !state.finishing) {
      stopCamera();
      $("handoff").hidden = true;
      return follow();
    }
    $("handoff-status").textContent = status.images.length ? text("web.handoff.waiting") : "";
  }
}

// MARK: start

function bind() {
  const on = (action, handler, event = "click") => {
    for (const element of document.querySelectorAll(`[data-action="${action}"]`)) {
      element.addEventListener(event, (e) => Promise.resolve(handler(e)).catch(fail));
    }
  };
  on("accept-consent", afterConsent);
  on("select", () => choose($("country").value, $("document").value));
  on("capture", async () => {
    const part = state.parts[state.index].part;
    state.looping = false;
    const frame = await grab();
    if (frame) await send(part, frame, "image/jpeg");
  });
  on("upload", async (event) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    state.looping = false;
    const type = file.type === "image/png" ? "image/png" : "image/jpeg";
    await send(state.parts[state.index].part, file, type);
  }, "change");
  on("confirm", confirmPart);
  on("retake", retakePart);
  on("retry", () => location.reload());
  on("language", async (event) => {
    await loadTexts(event.target.value);
    if (state.step === "select") offerDocuments();
    if (["front", "back", "face"].includes(state.step)) {
      const { part, mode } = state.parts[state.index];
      $("capture-title").textContent = text(`help.${mode}.short`).replace("{part}", text(`part.${part}`));
      $("capture-help").textContent = text(`help.${mode}.long`).replace("{part}", text(`part.${part}`));
    }
    show(state.step);
  }, "change");
}

async function main() {
  bind();
  const preferred = (navigator.language ?? "en").slice(0, 2);
  await loadTexts(["en", "vi"].includes(preferred) ? preferred : "en");
  if (!token) return fail(new LinkError("LINK_INVALID", 401));
  try {
    state.session = await (await api("session")).json();
  } catch (error) {
    return fail(error);
  }
  if (state.session.language !== state.language) await loadTexts(state.session.language);
  $("language").replaceChildren(...state.session.languages.map((code) => new Option(code === "vi" ? "Tiếng Việt" : "English", code)));
  $("language").value = state.language;
  show("consent");
  offerHandoff();
}

main();
