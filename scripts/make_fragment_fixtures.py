"""Golden link fragments and raw-DEFLATE streams for core/inflate.cpp and core/fragment.cpp.

Streams are packed with Python's zlib at wbits=-15 (raw DEFLATE, what CompressionStream('deflate-raw') writes in
the page) or crafted bit by bit where zlib would never write them (a single distance code, broken headers). Every
stream is run through zlib's own inflater here: a fixture that says a stream is broken is one zlib, and so the
browser's DecompressionStream, refuses too; one that says it unpacks, unpacks to the same bytes in zlib.

Writes tests/fixtures/fragments/inflate.json (streams, with what they unpack to or the error) and
tests/fixtures/fragments/links.json (whole "#v2=" / "#…" fragments, with the state or the message the page shows).
Deterministic, no network. Run: /usr/bin/python3 scripts/make_fragment_fixtures.py
"""
import base64
import json
import pathlib
import random
import urllib.parse
import zlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "fragments"
MiB = 1 << 20

# ---- a DEFLATE bit writer -----------------------------------------------------------------------------------

LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
               227, 258]
LENGTH_EXTRA = [0] * 8 + [1] * 4 + [2] * 4 + [3] * 4 + [4] * 4 + [5] * 4 + [0]
DIST_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
             4097, 6145, 8193, 12289, 16385, 24577]
DIST_EXTRA = [0, 0, 0, 0] + [n for n in range(1, 14) for _ in (0, 1)]
CL_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]


class Bits:
    def __init__(self):
        self.acc, self.n, self.out = 0, 0, bytearray()

    def put(self, value, count):  # header fields and extra bits: least significant bit first
        self.acc |= value << self.n
        self.n += count
        while self.n >= 8:
            self.out.append(self.acc & 0xFF)
            self.acc >>= 8
            self.n -= 8

    def code(self, code, length):  # Huffman codes: most significant bit first
        if length:
            self.put(int(format(code, f"0{length}b")[::-1], 2), length)

    def bytes(self):
        return bytes(self.out) + (bytes([self.acc]) if self.n else b"")


def canonical(lengths):
    """RFC 1951 3.2.2: the code of every symbol from the code lengths."""
    count = [0] * 16
    for n in lengths:
        count[n] += 1
    count[0] = 0
    code, first = 0, [0] * 16
    for n in range(1, 16):
        code = (code + count[n - 1]) << 1
        first[n] = code
    codes = []
    for n in lengths:
        codes.append(first[n] if n else None)
        if n:
            first[n] += 1
    return codes


FIXED_LIT = [8] * 144 + [9] * 112 + [7] * 24 + [8] * 8
FIXED_DIST = [5] * 32


def length_symbol(length):
    k = max(i for i, b in enumerate(LENGTH_BASE) if b <= length)
    if length == 258:
        k = 28
    return 257 + k, length - LENGTH_BASE[k], LENGTH_EXTRA[k]


def dist_symbol(dist):
    k = max(i for i, b in enumerate(DIST_BASE) if b <= dist)
    return k, dist - DIST_BASE[k], DIST_EXTRA[k]


def put_symbols(w, lit_lengths, dist_lengths, symbols, end=True):
    """symbols: bytes/str literals, ("match", length, distance), ("lit", symbol), ("dist", symbol)."""
    lit, dist = canonical(lit_lengths), canonical(dist_lengths)
    for s in list(symbols) + ([("lit", 256)] if end else []):
        if isinstance(s, (bytes, str)):
            for b in s.encode() if isinstance(s, str) else s:
                w.code(lit[b], lit_lengths[b])
        elif s[0] == "lit":
            w.code(lit[s[1]], lit_lengths[s[1]])
        elif s[0] == "dist":
            w.code(dist[s[1]], dist_lengths[s[1]])
        else:
            sym, extra, bits = length_symbol(s[1])
            w.code(lit[sym], lit_lengths[sym])
            w.put(extra, bits)
            dsym, dextra, dbits = dist_symbol(s[2])
            w.code(dist[dsym], dist_lengths[dsym])
            w.put(dextra, dbits)


def fixed_block(symbols, final=True, w=None, end=True):
    w = w or Bits()
    w.put(int(final), 1)
    w.put(1, 2)
    put_symbols(w, FIXED_LIT, FIXED_DIST, symbols, end)
    return w


# A complete code-length code: 13 symbols of 4 bits and 6 of 5 bits (13/16 + 6/32 = 1).
CL_LENGTHS = [0] * 19
for i, s in enumerate(CL_ORDER):
    CL_LENGTHS[s] = 4 if i < 13 else 5
# A complete literal/length code over 0..256 (255 codes of 8 bits, 2 of 9) and a complete two-code distance code.
LIT_257 = [8] * 255 + [9, 9]
DIST_2 = [1, 1]


def dynamic_block(lit_lengths, dist_lengths, symbols=(), final=True, cl_lengths=CL_LENGTHS, cl_stream=None,
                  nlit=None, ndist=None, end=True, w=None):
    """cl_stream: the code-length symbols as (symbol, extra value, extra bits); by default every length plainly."""
    w = w or Bits()
    nlit = nlit or len(lit_lengths)
    ndist = ndist or len(dist_lengths)
    w.put(int(final), 1)
    w.put(2, 2)
    w.put(nlit - 257, 5)
    w.put(ndist - 1, 5)
    w.put(19 - 4, 4)
    for s in CL_ORDER:
        w.put(cl_lengths[s], 3)
    cl = canonical(cl_lengths)
    stream = cl_stream if cl_stream is not None else [(n, 0, 0) for n in list(lit_lengths) + list(dist_lengths)]
    for sym, extra, bits in stream:
        w.code(cl[sym], cl_lengths[sym])
        w.put(extra, bits)
    if symbols is not None:
        put_symbols(w, lit_lengths, dist_lengths, symbols, end)
    return w


# ---- zlib as the judge --------------------------------------------------------------------------------------

# zlib's messages for what core/inflate.hpp names
ZLIB_REASONS = {
    "reserved_block": ["invalid block type"],
    "stored_length": ["invalid stored block lengths"],
    "too_many_codes": ["too many length or distance symbols"],
    "oversubscribed": ["invalid code lengths set", "invalid literal/lengths set", "invalid distances set"],
    "incomplete": ["invalid code lengths set", "invalid literal/lengths set", "invalid distances set"],
    "bad_repeat": ["invalid bit length repeat"],
    "no_end_of_block": ["invalid code -- missing end-of-block"],
    "bad_symbol": ["invalid literal/length code", "invalid distance code"],
    "distance_too_far": ["invalid distance too far back"],
}


def zlib_verdict(packed, max_output=None):
    """What zlib makes of a raw stream: ("none", data) or (error, None), errors named as in core/inflate.hpp."""
    d = zlib.decompressobj(-15)
    try:
        data = d.decompress(packed, max_output + 1) if max_output is not None else d.decompress(packed)
    except zlib.error as e:
        reason = str(e).split(": ", 1)[1]
        return next(name for name, texts in ZLIB_REASONS.items() if reason in texts), None
    if max_output is not None and len(data) > max_output:
        return "too_large", None
    if not d.eof:
        return "truncated", None
    if d.unused_data:
        return "trailing_data", None
    return "none", data


def first_block(packed):
    return ["stored", "fixed", "dynamic", "reserved"][(packed[0] >> 1) & 3] if packed else None


def deflate(data, level=9, strategy=zlib.Z_DEFAULT_STRATEGY):
    c = zlib.compressobj(level, zlib.DEFLATED, -15, 9, strategy)
    return c.compress(data) + c.flush()


def b64(data):
    return base64.b64encode(data).decode()


def b64url(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


# ---- inflate.json -------------------------------------------------------------------------------------------

def inflate_cases():
    rng = random.Random(20)
    lesson_text = (ROOT / "web" / "presets" / "lecture20-seed20.json").read_bytes()
    noise = bytes(rng.getrandbits(8) for _ in range(5000))
    window = bytes(rng.getrandbits(8) for _ in range(20_000))  # repeated: distances past 16 384 (13 extra bits)
    stored = zlib.compressobj(0, zlib.DEFLATED, -15)
    stored_packed = b"".join([stored.compress(b"one "), stored.flush(zlib.Z_FULL_FLUSH), stored.compress(b"two "),
                              stored.flush(zlib.Z_FULL_FLUSH), stored.compress(b"three"), stored.flush()])
    mixed = zlib.compressobj(9, zlib.DEFLATED, -15)
    mixed_packed = mixed.compress(lesson_text) + mixed.flush(zlib.Z_SYNC_FLUSH) + mixed.compress(b"tail " * 50) + mixed.flush()

    cases = []

    def case(name, packed, error="none", block=None, max_output=None, judge="zlib"):
        verdict, data = zlib_verdict(packed, max_output)
        # zlib says "invalid … set" for both kinds of bad code lengths
        assert verdict == error or (verdict, error) == ("oversubscribed", "incomplete"), (name, verdict, error)
        if block:
            assert first_block(packed) == block, (name, first_block(packed))
        c = {"name": name, "packed": b64(packed), "error": error}
        if max_output is not None:
            c["max_output"] = max_output
        if error == "none":
            c["unpacked_length"] = len(data)
            c["unpacked_adler32"] = zlib.adler32(data)
            if len(data) <= 4096:
                c["unpacked"] = b64(data)
        if block:
            c["first_block"] = block
        cases.append(c)

    # what zlib writes
    case("stored, one block", deflate(b"hello, stored block", level=0), block="stored")
    case("stored, several blocks (and empty ones)", stored_packed, block="stored")
    case("fixed Huffman codes", deflate(b'{"l":{"tokens":["a","b"]},"note":"fixed codes fixed codes"}', strategy=zlib.Z_FIXED), block="fixed")
    case("dynamic Huffman codes, a lesson", deflate(lesson_text), block="dynamic")
    case("nothing at all (a fixed block with just its end)", deflate(b""), block="fixed")
    case("blocks of each kind after a sync flush", mixed_packed, block="dynamic")
    case("a match of distance 1 repeated (overlapping copies)", deflate(b"a" * 100_000), block="dynamic")
    case("matches 20 000 bytes back", deflate(window + window), block="dynamic")
    case("random bytes zlib stores", deflate(noise), block="stored")
    # what zlib accepts but never writes
    single = [9] * 256 + [2, 3, 3]  # literals, end of block, lengths 3 and 4: a complete code
    case("a single distance code of one bit", dynamic_block(single, [1], ["ab", ("match", 4, 1)]).bytes(), block="dynamic")
    case("no distance codes at all, literals only", dynamic_block(single, [0], ["literals"]).bytes(), block="dynamic")
    case("a single literal/length code: only the end of the block", dynamic_block([0] * 256 + [1], [0], []).bytes(), block="dynamic")
    # literals 9 bits (1/2), symbols 256 and 257 2 bits; four 2-bit distances; "16" repeats the 2 of symbol 256
    # over symbol 257 and the first two distances
    across = [(9, 0, 0)] * 256 + [(2, 0, 0), (16, 0, 2), (2, 0, 0), (2, 0, 0)]
    case("a repeat of code lengths running on into the distance code",
         dynamic_block([9] * 256 + [2, 2], [2, 2, 2, 2], ["x", ("match", 3, 1)], cl_stream=across).bytes())
    w = fixed_block([b"first block "], final=False)
    case("a fixed block then a dynamic one", dynamic_block(LIT_257, DIST_2, ["then dynamic"], w=w).bytes())
    stored_then = Bits()
    stored_then.put(0, 1), stored_then.put(0, 2)
    stored_then = stored_then.bytes() + bytes([3, 0, 0xFC, 0xFF]) + b"abc" + fixed_block(["def", ("match", 6, 6)]).bytes()
    case("a stored block then a fixed one copying from it", stored_then)

    # errors, each the smallest stream that shows it
    valid = deflate(lesson_text)
    case("empty input", b"", "truncated")
    case("a dynamic stream without its last byte", valid[:-1], "truncated")
    case("a stored block cut inside its length", bytes([1, 5]), "truncated")
    case("a stored block cut inside its data", bytes([1, 5, 0, 0xFA, 0xFF]) + b"ab", "truncated")
    case("a dynamic header cut short", dynamic_block(LIT_257, DIST_2, None).bytes()[:20], "truncated")
    case("a fixed block without its end code", fixed_block(["ab"], end=False).bytes(), "truncated")
    case("block type 3", bytes([0x07]), "reserved_block")
    case("stored length and its check disagree", bytes([1, 5, 0, 5, 0]) + b"hello", "stored_length")
    case("287 literal/length codes", dynamic_block([8] * 287, DIST_2, None, cl_stream=[]).bytes(), "too_many_codes")
    case("31 distance codes", dynamic_block(LIT_257, [5] * 31, None, cl_stream=[]).bytes(), "too_many_codes")
    case("code-length code over-subscribed", dynamic_block(LIT_257, DIST_2, None, cl_lengths=[1] * 19, cl_stream=[]).bytes(), "oversubscribed")
    case("literal/length code over-subscribed", dynamic_block([1, 1, 1] + [0] * 253 + [1], DIST_2, None).bytes(), "oversubscribed")
    case("distance code over-subscribed", dynamic_block(LIT_257, [1, 1, 1], None).bytes(), "oversubscribed")
    one_cl = [0] * 19
    one_cl[8] = 1
    case("code-length code of a single code", dynamic_block(LIT_257, DIST_2, None, cl_lengths=one_cl, cl_stream=[]).bytes(), "incomplete")
    case("literal/length code incomplete", dynamic_block([2] + [0] * 255 + [2], DIST_2, None).bytes(), "incomplete")
    case("distance code incomplete", dynamic_block(LIT_257, [2, 2], None).bytes(), "incomplete")
    case("a repeat of the previous length with none before it", dynamic_block(LIT_257, DIST_2, None, cl_stream=[(16, 0, 2)]).bytes(), "bad_repeat")
    case("a run of zeros past the last length", dynamic_block(LIT_257, DIST_2, None, cl_stream=[(8, 0, 0)] * 250 + [(18, 127, 7)]).bytes(), "bad_repeat")
    case("no end-of-block code", dynamic_block([8] * 256 + [0], DIST_2, None).bytes(), "no_end_of_block")
    case("fixed literal/length symbol 286", fixed_block(["a", ("lit", 286)]).bytes(), "bad_symbol")
    case("fixed literal/length symbol 287", fixed_block([("lit", 287)]).bytes(), "bad_symbol")
    w = Bits()
    w.put(1, 1), w.put(1, 2)
    w.code(canonical(FIXED_LIT)[ord("a")], 8)
    w.code(canonical(FIXED_LIT)[257], 7)  # length 3
    w.code(30, 5)                         # distance symbol 30
    case("fixed distance symbol 30", w.bytes() + b"\x00", "bad_symbol")
    w = dynamic_block(single, [1], ["ab"], end=False)
    w.code(canonical(single)[257], single[257])
    w.put(1, 1)  # the unused half of the single one-bit distance code
    case("the unused bit of a single distance code", w.bytes() + b"\x00", "bad_symbol")
    w = dynamic_block(single, [0], ["ab"], end=False)
    w.code(canonical(single)[257], single[257])
    case("a match in a block without distance codes", w.bytes() + b"\x00", "bad_symbol")
    case("a match before any output", fixed_block([("match", 3, 1)]).bytes(), "distance_too_far")
    case("a match reaching one byte too far", fixed_block(["ab", ("match", 3, 3)]).bytes(), "distance_too_far")
    case("a byte after the last block", valid + b"\x00", "trailing_data")
    case("a second stream after the first", deflate(b"one") + deflate(b"two"), "trailing_data")

    # the output cap, checked while unpacking
    case("1000 bytes, cap 1000", deflate(b"a" * 1000), max_output=1000)
    case("1000 bytes, cap 999", deflate(b"a" * 1000), "too_large", max_output=999)
    case("a stored block over the cap", deflate(b"hello", level=0), "too_large", max_output=4)
    case("a stored block at the cap", deflate(b"hello", level=0), max_output=5)
    case("a literal over the cap", fixed_block(["abc"]).bytes(), "too_large", max_output=2)
    case("a cut stream under the cap is cut, not too large", deflate(b"a" * 1000)[:-2], "truncated", max_output=5000)
    case("33 MiB of zeros, cap 32 MiB", deflate(bytes(33 * MiB)), "too_large", max_output=32 * MiB)
    return cases


# ---- links.json ---------------------------------------------------------------------------------------------

def schema_list(name):
    """A list of core/steps.json (the page's registry and the engine read it): the view fields a link may carry."""
    data = json.loads((ROOT / "core" / "steps.json").read_text())
    return [s["id"] for s in data["steps"]] if name == "step_ids" else data[name]


STEP_IDS = schema_list("step_ids")
LOCKABLE = schema_list("lockable")


def state(lesson, preset=None, step=None, selection=None, reveal=None, hidden=(), locked=(), note=""):
    sel = dict(zip(["matrix", "head", "row", "col"], selection)) if selection else None
    return {"lesson": lesson, "preset": preset, "step": step, "selection": sel, "reveal": reveal,
            "hidden": list(hidden), "locked": list(locked), "note": note}


def js_json(value):  # JSON.stringify's spelling
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def v2_text(text, **kw):
    data = text if isinstance(text, bytes) else text.encode()
    return "#v2=" + b64url(deflate(data, **kw))


def v2(payload, **kw):
    return v2_text(js_json(payload), **kw)


def link_cases():
    presets = {p.stem: json.loads(p.read_text()) for p in sorted((ROOT / "web" / "presets").glob("*.json"))}
    small = {"tokens": ["a", "b"], "X": [[1, 0], [0, 1]], "W_Q": [[1, 0], [0, 1]], "W_K": [[1, 0], [0, 1]],
             "W_V": [[1, 0], [0, 1]]}
    cases = []

    def ok(name, fragment, expected, version=2, exact=None):
        c = {"name": name, "fragment": fragment, "expect": "state", "version": version, "state": expected}
        if exact:
            c["state_json_contains"] = exact
        cases.append(c)

    def bad(name, fragment, message, prefix=False):
        cases.append({"name": name, "fragment": fragment, "expect": "problem", ("message_prefix" if prefix else "message"): message})

    def empty(name, fragment):
        cases.append({"name": name, "fragment": fragment, "expect": "empty"})

    # links as the page writes them
    for pid, lesson in presets.items():
        ok(f"preset {pid}", v2({"l": lesson, "p": pid}), state(lesson, pid))
    full = {"l": presets["toy-dk4"], "p": "toy-dk4", "s": "softmax", "sel": ["scores", 1, 2, 0], "r": 2,
            "hide": ["scale", "scale", "sum"], "lock": ["W_Q", "mask", "W_Q"], "note": "Look at row 3 <b>only</b>. ✓ 𝛼"}
    ok("every view field, repeats in the lists dropped", v2(full),
       state(full["l"], "toy-dk4", "softmax", ["scores", 1, 2, 0], 2, ["scale", "sum"], ["W_Q", "mask"], full["note"]))
    ok("stored block", v2({"l": small, "s": "embed"}, level=0), state(small, step="embed"))
    ok("fixed block", v2({"l": small, "note": "hi"}, strategy=zlib.Z_FIXED), state(small, note="hi"))
    ok("dynamic block, a lesson of literal numbers", v2({"l": presets["raschka-2024"]}), state(presets["raschka-2024"]))
    ok("without the #", v2({"l": small})[1:], state(small))
    ok("a preset name of 100 characters", v2({"l": small, "p": "x" * 100}), state(small, "x" * 100))
    ok("a preset name of 50 astral characters (100 UTF-16 units)", v2({"l": small, "p": "𝛼" * 50}), state(small, "𝛼" * 50))
    ok("an empty preset name", v2({"l": small, "p": ""}), state(small, ""))
    ok("a note of 2000 characters", v2({"l": small, "note": "n" * 2000}), state(small, note="n" * 2000))
    ok("a note of 2000 astral characters (4000 UTF-16 units): characters are counted", v2({"l": small, "note": "😀" * 2000}), state(small, note="😀" * 2000))
    ok("the largest selection and decoding step", v2({"l": small, "sel": ["mask", 63, 1 << 20, 1 << 20], "r": 512}),
       state(small, selection=["mask", 63, 1 << 20, 1 << 20], reveal=512))
    ok("whole numbers written as 1.0 and 2e0", v2_text('{"l":{},"sel":["X",1.0,2e0,0],"r":3.00}'), state({}, selection=["X", 1, 2, 0], reveal=3))
    ok("every step hidden, every input locked", v2({"l": small, "hide": STEP_IDS, "lock": LOCKABLE}),
       state(small, hidden=STEP_IDS, locked=LOCKABLE))
    ok("a layer lesson in view: its step, a layer cell selected, its parameters locked",
       v2({"l": presets["translation-decoder"], "s": "cross_score", "sel": ["cross_weights", 1, 2, 0],
           "hide": ["ffn"], "lock": ["layer.ln1.gamma", "layer", "source"]}),
       state(presets["translation-decoder"], step="cross_score", selection=["cross_weights", 1, 2, 0], hidden=["ffn"],
             locked=["layer.ln1.gamma", "layer", "source"]))
    ok("empty lists", v2({"l": small, "hide": [], "lock": []}), state(small))
    # read exactly as JSON.parse reads them
    ok("a repeated key: the last one counts", v2_text('{"l":{"tokens":["first"]},"p":"a","l":{"tokens":["last"]},"p":"b"}'),
       state({"tokens": ["last"]}, "b"), exact='"lesson":{"tokens":["last"]}')
    ok("escaped keys", v2_text('{"\\u006c":{"tokens":["a"]},"\\u0073":"sum"}'), state({"tokens": ["a"]}, step="sum"))
    ok("whitespace everywhere", v2_text(' \n\t{ "l" : { "tokens" : [ "a" ] } ,\r\n "r" : 1 } \n'), state({"tokens": ["a"]}, reveal=1))
    ok("a byte-order mark (TextDecoder drops it)", v2_text(b'\xef\xbb\xbf{"l":{}}'), state({}))
    ok("keys in the lesson keep their order", v2_text('{"l":{"z":1,"a":2,"m":[{"y":1,"b":2}]}}'), state({"z": 1, "a": 2, "m": [{"y": 1, "b": 2}]}),
       exact='"lesson":{"z":1,"a":2,"m":[{"y":1,"b":2}]}')
    ok("numbers in the lesson as written: 1e309, -0, 1e-400", v2_text('{"l":{"X":[[1e309,-0],[1e-400,-1e309]]}}'), None,
       exact='"lesson":{"X":[[1e309,-0],[1e-400,-1e309]]}')
    ok("an unpaired surrogate in the note, as JSON.parse keeps it", v2_text('{"l":{},"note":"a\\ud800b\\udc00"}'), None,
       exact='"note":"a\\ud800b\\udc00"')
    ok("a surrogate pair in the note", v2_text('{"l":{},"note":"\\ud83d\\ude00"}'), state({}, note="😀"))
    ok("script in the note stays text", v2({"l": small, "note": "<img src=x onerror=alert(1)>"}), state(small, note="<img src=x onerror=alert(1)>"))
    ok("a __proto__ key", v2_text('{"l":{"__proto__":{"polluted":1}},"__proto__":{"l":5}}'), state({"__proto__": {"polluted": 1}}))
    ok("nested 100 000 deep inside the lesson", v2_text('{"l":{"X":' + "[" * 100_000 + "1" + "]" * 100_000 + "}}"), None, exact='"X":[[[[[')
    ok("unknown keys are ignored", v2({"l": small, "zzz": [1, {"a": None}], "v": 3}), state(small))

    # v1: the page's first format
    for f in sorted((ROOT / "tests" / "fixtures" / "links").glob("v1-*.txt")):
        text = f.read_text().strip()
        data = json.loads(urllib.parse.unquote(text[1:]))
        pre = data.get("preset") if isinstance(data.get("preset"), str) and data.get("preset") else None
        ok(f"v1 fixture {f.name}", text, state(data["lesson"], pre), version=1)
    v1 = lambda value: "#" + urllib.parse.quote(js_json(value), safe="-_.!~*'()")  # encodeURIComponent
    ok("v1 without a preset", v1({"v": 1, "lesson": small}), state(small), version=1)
    ok("v1 with a preset that is not text", v1({"v": 1, "lesson": small, "preset": 5}), state(small), version=1)
    ok("v1 with an empty preset", v1({"v": 1, "lesson": small, "preset": ""}), state(small), version=1)
    ok("v1 with raw (not percent-encoded) JSON characters", '#{"v":1,"lesson":{"tokens":["a"]},"preset":"toy-dk4"}',
       state({"tokens": ["a"]}, "toy-dk4"), version=1)
    ok("v1 with non-ASCII text", v1({"v": 1, "lesson": {"tokens": ["café", "😀"]}}), state({"tokens": ["café", "😀"]}), version=1)
    bad("v1 lesson a list", v1({"v": 1, "lesson": [1, 2]}), "the link does not contain a lesson")
    bad("v1 without a lesson", v1({"v": 1}), "the link does not contain a lesson")
    bad("v1 of a list", v1([{"lesson": {}}]), "the link does not contain a lesson")
    bad("v1 lesson null", v1({"v": 1, "lesson": None}), "the link does not contain a lesson")
    bad("v1 preset of 101 characters", v1({"v": 1, "lesson": small, "preset": "p" * 101}), "the preset name is not text")
    bad("v1 not JSON", "#javascript:alert(1)", "the link could not be read")
    bad("v1 raw HTML", "#<img src=x onerror=alert(1)>", "the link could not be read")
    bad("v1 a broken percent escape", "#%E0%A4%A", "the link could not be read")
    bad("v1 a percent escape without digits", "#%zz", "the link could not be read")
    bad("v1 percent-encoded bytes that are not UTF-8", "#%22%C0%AF%22", "the link could not be read")
    bad("v1 an encoded surrogate", "#%22%ED%A0%80%22", "the link could not be read")
    bad("v1 a byte-order mark (JSON.parse refuses it)", "#%EF%BB%BF" + v1({"v": 1, "lesson": small})[1:], "the link could not be read")
    bad("v1 trailing text", v1({"v": 1, "lesson": small})[0:] + "x", "the link could not be read")
    bad("step- without a name is not a step anchor", "#step-", "the link could not be read")
    bad("v= without a number", "#v=abc", "the link could not be read")

    # nothing to decode
    empty("no fragment", "")
    empty("just #", "#")
    empty("a step anchor", "#step-softmax")
    empty("a step anchor without #", "step-score")

    # versions and base64url
    bad("an unknown version", "#v7=abc", "it was made in format version 7, which this page does not know")
    bad("version 02 is not version 2", "#v02=" + v2({"l": small})[4:], "it was made in format version 02, which this page does not know")
    bad("version 1 written as v1=", "#v1=abc", "it was made in format version 1, which this page does not know")
    bad("not base64url", "#v2=%%%not-base64", "it is damaged: it contains characters that base64url does not use")
    bad("base64 padding", "#v2=" + b64url(deflate(b'{"l":{}}')) + "=", "it is damaged: it contains characters that base64url does not use")
    bad("plain base64 characters", "#v2=ab+/", "it is damaged: it contains characters that base64url does not use")
    bad("a stray last character", "#v2=AAAAA", "it is damaged: its base64url text has a stray last character")
    # unpacking (every message of core/inflate.cpp has a case in inflate.json; these are the link's words for some)
    bad("empty v2", "#v2=", "it is damaged: the packed data ends too early")
    bad("text that is not deflate", "#v2=" + b64url(b"garbage that is not deflate"), "it is damaged: the packed data has a block of the reserved type 3")
    bad("a cut link", "#v2=" + b64url(deflate(js_json({"l": presets["lecture20-seed20"]}).encode())[:-2]),
        "it is damaged: the packed data ends too early")
    bad("bytes after the data", "#v2=" + b64url(deflate(b'{"l":{}}') + b"\x00"), "it is damaged: bytes follow the last block of the packed data")
    bad("a match before the start", "#v2=" + b64url(fixed_block([("match", 3, 1)]).bytes()), "it is damaged: a match reaches back before the start of the data")
    big = js_json({"l": small, "note": " " * (32 * MiB)})
    bad("unpacks past 32 MiB", v2_text(big), "it is damaged: it unpacks to more than 32 MiB")
    ok("unpacks to 30 MiB of spaces and a state", v2_text(" " * (30 * MiB) + '{"l":{}}'), state({}))
    # the unpacked text
    bad("not UTF-8", v2_text(b'{"l":{},"note":"\xff"}'), "it is damaged: the unpacked data is not UTF-8 text")
    bad("an overlong UTF-8 form", v2_text(b'{"l":{},"note":"\xc0\xaf"}'), "it is damaged: the unpacked data is not UTF-8 text")
    bad("a UTF-8 surrogate", v2_text(b'{"l":{},"note":"\xed\xa0\x80"}'), "it is damaged: the unpacked data is not UTF-8 text")
    bad("a code point past U+10FFFF", v2_text(b'{"l":{},"note":"\xf4\x90\x80\x80"}'), "it is damaged: the unpacked data is not UTF-8 text")
    bad("UTF-8 cut inside a character", v2_text(b'{"l":{},"note":"\xe2\x82'), "it is damaged: the unpacked data is not UTF-8 text")
    bad("not JSON", v2_text('{"l":'), "it is damaged: the unpacked data is not JSON: ", prefix=True)
    bad("text after the JSON", v2_text('{"l":{}}<script>alert(1)</script>'), "it is damaged: the unpacked data is not JSON: ", prefix=True)
    bad("a comment", v2_text('{"l":{} /* hi */}'), "it is damaged: the unpacked data is not JSON: ", prefix=True)
    bad("a control character in a string", v2_text('{"l":{},"note":"a\tb"}'), "it is damaged: the unpacked data is not JSON: ", prefix=True)
    bad("a broken escape", v2_text('{"l":{},"note":"\\x"}'), "it is damaged: the unpacked data is not JSON: ", prefix=True)
    bad("1e309 that is not a number (1e309e5)", v2_text('{"l":{"X":1e309e5}}'), "it is damaged: the unpacked data is not JSON: ", prefix=True)
    bad("an empty payload", v2_text(""), "it is damaged: the unpacked data is not JSON: ", prefix=True)
    # readPayload's checks, in its order
    for name, payload in [("null", None), ("a list", [1, 2, 3]), ("a string", "l"), ("a number", 5), ("nested lists", [[[[]]]])]:
        bad(f"a payload of {name}", v2(payload), "it does not hold a state object")
    bad("nested 100 000 deep", v2_text("[" * 100_000 + "]" * 100_000), "it does not hold a state object")
    for name, lesson in [("5", 5), ("null", None), ("a list", [1]), ("text", "{}"), ("missing", ...)]:
        payload = {"p": "toy-dk4"} if lesson is ... else {"l": lesson}
        bad(f"lesson {name}", v2(payload), "it does not contain a lesson")
    for name, preset in [("a number", 5), ("null", None), ("a list", ["toy-dk4"]), ("101 characters", "x" * 101), ("51 astral characters", "𝛼" * 51)]:
        bad(f"preset {name}", v2({"l": small, "p": preset}), "the preset name is not text")
    for name, step in [("unknown", "explain"), ("a number", 3), ("script", "javascript:alert(1)"), ("upper case", "Embed")]:
        bad(f"step {name}", v2({"l": small, "s": step}), "the step is not one of the walkthrough's steps")
    for name, sel in [("not a list", "X"), ("three items", ["X", 0, 0]), ("five items", ["X", 0, 0, 0, 0]),
                      ("an unknown matrix", ["exp", 0, 0, 0]), ("head 64", ["X", 64, 0, 0]), ("row past 2^20", ["X", 0, (1 << 20) + 1, 0]),
                      ("a negative column", ["X", 0, 0, -1]), ("a fraction", ["X", 0, 1.5, 0]), ("a number as text", ["X", "0", 0, 0]),
                      ("null", ["X", None, 0, 0]), ("a matrix that is not text", [1, 0, 0, 0])]:
        bad(f"selection {name}", v2({"l": small, "sel": sel}), "the selected cell is malformed")
    bad("selection 1e309", v2_text('{"l":{},"sel":["X",0,1e309,0]}'), "the selected cell is malformed")
    for name, r in [("0", 0), ("513", 513), ("a fraction", 1.5), ("text", "2"), ("a list", [2]), ("true", True)]:
        bad(f"decoding step {name}", v2({"l": small, "r": r}), "the decoding step is not a whole number from 1 to 512")
    bad("decoding step 1e309", v2_text('{"l":{},"r":1e309}'), "the decoding step is not a whole number from 1 to 512")
    bad("decoding step -1e309", v2_text('{"l":{},"r":-1e309}'), "the decoding step is not a whole number from 1 to 512")
    for name, hide in [("text", "all"), ("one item more than there are steps", ["sum"] * (len(STEP_IDS) + 1)), ("an unknown step", ["embed", "bogus"]), ("a number", [1])]:
        bad(f"hidden steps {name}", v2({"l": small, "hide": hide}), "the list of hidden steps is malformed")
    for name, lock in [("an object", {"X": True}), ("one item more than there are inputs", ["X"] * (len(LOCKABLE) + 1)), ("an unknown input", ["Q"]), ("null", [None])]:
        bad(f"locked inputs {name}", v2({"l": small, "lock": lock}), "the list of locked inputs is malformed")
    for name, note in [("a number", 5), ("null", None), ("a list", ["a"])]:
        bad(f"note {name}", v2({"l": small, "note": note}), "the note is not text")
    bad("note of 2001 characters", v2({"l": small, "note": "n" * 2001}), "the note is longer than 2000 characters")
    bad("note of 2001 astral characters", v2({"l": small, "note": "😀" * 2001}), "the note is longer than 2000 characters")
    bad("the first problem in readPayload's order is the one named",
        v2({"note": 5, "r": 0, "s": "x", "l": small}), "the step is not one of the walkthrough's steps")
    bad("a lone surrogate counts one unit, over the limit", v2_text('{"l":{},"note":"' + "n" * 2000 + '\\ud800"}'),
        "the note is longer than 2000 characters")
    return cases


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    inflate = inflate_cases()
    (OUT / "inflate.json").write_text(json.dumps({"about": "raw DEFLATE streams and what zlib makes of them; made by "
                                                  "scripts/make_fragment_fixtures.py", "cases": inflate}, indent=1) + "\n")
    links = link_cases()
    (OUT / "links.json").write_text(json.dumps({"about": "link fragments and the state or message they give; made by "
                                                "scripts/make_fragment_fixtures.py", "cases": links}, indent=1, ensure_ascii=False) + "\n")
    for name in ("inflate.json", "links.json"):
        print(f"wrote {(OUT / name).relative_to(ROOT)} ({(OUT / name).stat().st_size} bytes)")


if __name__ == "__main__":
    main()
