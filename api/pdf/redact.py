"""Redacts a PDF with PyMuPDF: everything under each box is removed, not covered.

Usage: python3 redact.py INPUT OUTPUT  (the boxes come as JSON on standard input:
{"regions": [{"page", "x", "y", "width", "height"}], "removeMetadata": bool}, points from the
top left of the page's crop box, the page's /Rotate not applied: what pdf.js's text boxes use).

Text under a box goes (MuPDF's redaction), image pixels under it are blanked in the image
itself, and drawings (vector paths) that touch a box are taken out of the page's content stream:
PyMuPDF 1.21 (Debian 12) has no `graphics=` option, so this script does it itself. Annotations
and form fields that touch a box are deleted. Exit codes: 0 done, 2 unreadable, 3 encrypted,
4 a box on a page the document does not have; the reason is the last line of standard error.
"""

import json
import re
import sys

import fitz

WHITESPACE = b" \t\r\n\f\x00"
DELIMITERS = b"()<>[]{}/%"
PATH_BUILD = {b"m", b"l", b"c", b"v", b"y", b"re", b"h"}
PAINT = {b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"n"}


def fail(code, message):
    sys.stderr.write(message + "\n")
    sys.exit(code)


def tokens(data):
    """Yields (start, end, kind, value) for each token of a content stream."""
    i, n = 0, len(data)
    while i < n:
        c = data[i]
        if c in WHITESPACE:
            i += 1
            continue
        if c == 0x25:  # % comment to the end of the line
            while i < n and data[i] not in b"\r\n":
                i += 1
            continue
        start = i
        if c == 0x28:  # ( literal string )
            depth = 0
            while i < n:
                ch = data[i]
                if ch == 0x5C:
                    i += 2
                    continue
                if ch == 0x28:
                    depth += 1
                elif ch == 0x29:
                    depth -= 1
                    if depth == 0:
                        i += 1
                        break
                i += 1
            yield start, i, "operand", None
        elif c == 0x3C and data[i + 1 : i + 2] == b"<":
            i += 2
            yield start, i, "open", None
        elif c == 0x3E and data[i + 1 : i + 2] == b">":
            i += 2
            yield start, i, "close", None
        elif c == 0x3C:  # <hex string>
            end = data.find(b">", i)
            i = n if end < 0 else end + 1
            yield start, i, "operand", None
        elif c in b"[{":
            i += 1
            yield start, i, "open", None
        elif c in b"]}":
            i += 1
            yield start, i, "close", None
        else:
            i += 1
            while i < n and data[i] not in WHITESPACE and data[i] not in DELIMITERS:
                i += 1
            word = data[start:i]
            if c == 0x2F:
                yield start, i, "operand", None
                continue
            try:
                yield start, i, "operand", float(word)
            except ValueError:
                if word in (b"true", b"false", b"null"):
                    yield start, i, "operand", None
                else:
                    yield start, i, "operator", word
                    if word == b"ID":  # inline image data: skip to EI
                        j = i + 1
                        while True:
                            j = data.find(b"EI", j)
                            if j < 0:
                                i = n
                                break
                            before = data[j - 1 : j]
                            after = data[j + 2 : j + 3]
                            if before in (b"", *[bytes([w]) for w in WHITESPACE]) and (after == b"" or after[0] in WHITESPACE):
                                i = j
                                break
                            j += 2


def multiply(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def apply(m, x, y):
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def overlaps(box, rects):
    x0, y0, x1, y1 = box
    return any(x0 <= r[2] and x1 >= r[0] and y0 <= r[3] and y1 >= r[1] for r in rects)


def drop_paths(data, rects):
    """Content stream `data` without the painted paths whose box touches one of `rects` (user space)."""
    ctm = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    saved = []
    operands = []
    operand_start = None
    path_start = None
    points = []
    clipping = False
    cuts = []
    depth = 0
    for start, end, kind, value in tokens(data):
        if kind == "open":
            depth += 1
            if operand_start is None:
                operand_start = start
            continue
        if kind == "close":
            depth = max(0, depth - 1)
            continue
        if kind == "operand" or depth > 0:
            if operand_start is None:
                operand_start = start
            operands.append(value)
            continue
        first = operand_start if operand_start is not None else start
        numbers = [v for v in operands if isinstance(v, float)]
        operands, operand_start = [], None
        op = value
        if op == b"q":
            saved.append(ctm)
        elif op == b"Q":
            ctm = saved.pop() if saved else ctm
        elif op == b"cm" and len(numbers) == 6:
            ctm = multiply(tuple(numbers), ctm)
        elif op in PATH_BUILD:
            if path_start is None:
                path_start = first
            if op == b"re" and len(numbers) == 4:
                x, y, w, h = numbers
                corners = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
            else:
                corners = list(zip(numbers[0::2], numbers[1::2]))
            points.extend(apply(ctm, px, py) for px, py in corners)
        elif op in (b"W", b"W*"):
            clipping = True
        elif op in PAINT:
            # A clipping path only limits what follows: keep it; remove painted shapes that touch a box.
            if path_start is not None and op != b"n" and not clipping and points:
                xs = [p[0] for p in points]
                ys = [p[1] for p in points]
                if overlaps((min(xs), min(ys), max(xs), max(ys)), rects):
                    cuts.append((path_start, end))
            path_start, points, clipping = None, [], False
    if not cuts:
        return None
    kept, at = [], 0
    for start, end in cuts:
        kept.append(data[at:start])
        kept.append(b"\n")
        at = end
    kept.append(data[at:])
    return b"".join(kept), len(cuts)


def numbers_in(text):
    return [float(n) for n in text.replace("[", " ").replace("]", " ").split()]


def drop_annotations(doc, page, rects):
    """Takes the annotations and form fields touching a box (user space) off the page.

    Works on the objects themselves: Debian's PyMuPDF 1.21 fails in its Annot wrappers
    ("SwigPyObject has no attribute thisown"), so no Annot is loaded. Saving with garbage
    collection then drops the unreferenced objects, a field's value with them.
    """
    kind, value = doc.xref_get_key(page.xref, "Annots")
    if kind == "null":
        return 0
    if kind == "xref":
        holder, key = int(value.split()[0]), None
        listing = doc.xref_object(holder, compressed=True)
    else:
        holder, key, listing = page.xref, "Annots", value
    refs = [int(n) for n in re.findall(r"(\d+)\s+0\s+R", listing)]
    doomed = set()
    for xref in refs:
        kind, rect = doc.xref_get_key(xref, "Rect")
        subtype = doc.xref_get_key(xref, "Subtype")[1]
        if kind != "array" or subtype == "/Popup":
            continue
        x0, y0, x1, y1 = numbers_in(rect)[:4]
        if overlaps((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)), rects):
            doomed.add(xref)
    if not doomed:
        return 0
    kept = " ".join(f"{x} 0 R" for x in refs if x not in doomed)
    if key:
        doc.xref_set_key(holder, key, f"[{kept}]")
    else:
        doc.update_object(holder, f"[{kept}]")
    # A form field lives in the form's field list too.
    kind, fields = doc.xref_get_key(doc.pdf_catalog(), "AcroForm/Fields")
    if kind == "array":
        left = [x for x in (int(n) for n in re.findall(r"(\d+)\s+0\s+R", fields)) if x not in doomed]
        doc.xref_set_key(doc.pdf_catalog(), "AcroForm/Fields", "[" + " ".join(f"{x} 0 R" for x in left) + "]")
    return len(doomed)


def redact_page(doc, page, boxes):
    rotation = page.rotation
    if rotation:
        # Work in the unrotated page, where the boxes are given, and turn it back after.
        page.set_rotation(0)
    clip = page.rect
    rects = []
    for box in boxes:
        rect = fitz.Rect(box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"]) & clip
        if rect.is_empty:
            continue
        rects.append(rect)
        page.add_redact_annot(rect, fill=(0, 0, 0), cross_out=False)
    if not rects:
        if rotation:
            page.set_rotation(rotation)
        return 0
    to_user = ~page.transformation_matrix
    user_rects = []
    for rect in rects:
        r = rect * to_user
        user_rects.append((r.x0, r.y0, r.x1, r.y1))
    # MuPDF's own step (text and image pixels): PyMuPDF's apply_redactions wrapper loads the
    # annotations through the broken Annot wrapper first, and its black fills would be paths
    # this script takes out below anyway.
    if not page._apply_redactions(fitz.PDF_REDACT_IMAGE_PIXELS):
        fail(1, "failed: MuPDF could not apply the redactions")
    drop_annotations(doc, page, user_rects)
    page.clean_contents()
    removed = 0
    for xref in page.get_contents():
        changed = drop_paths(doc.xref_stream(xref), user_rects)
        if changed:
            doc.update_stream(xref, changed[0])
            removed += changed[1]
    shape = page.new_shape()
    for rect in rects:
        shape.draw_rect(rect)
    shape.finish(color=None, fill=(0, 0, 0), width=0)
    shape.commit()
    if rotation:
        page.set_rotation(rotation)
    return removed


def main():
    if len(sys.argv) != 3:
        fail(1, "usage: redact.py INPUT OUTPUT")
    source, target = sys.argv[1], sys.argv[2]
    request = json.load(sys.stdin)
    try:
        # Not filetype="pdf": Debian's PyMuPDF 1.21 opened that way crashes in save after a redaction.
        doc = fitz.open(source)
    except Exception as error:  # noqa: BLE001 - any open failure means the file cannot be read
        fail(2, f"unreadable: {error}")
    if not doc.is_pdf:
        fail(2, "unreadable: not a PDF")
    if doc.needs_pass or doc.is_encrypted:
        fail(3, "encrypted: the PDF is protected")
    pages = doc.page_count
    by_page = {}
    for box in request["regions"]:
        if box["page"] > pages:
            fail(4, f"badPage: page {box['page']} of {pages}")
        by_page.setdefault(box["page"], []).append(box)
    drawings = 0
    # The pages stay referenced until the save: Debian's PyMuPDF 1.21 crashes in save when a
    # page it redacted has been freed before.
    worked = []
    for number, boxes in sorted(by_page.items()):
        worked.append(doc[number - 1])
        drawings += redact_page(doc, worked[-1], boxes)
    if request.get("removeMetadata", True):
        doc.set_metadata({})
        doc.del_xml_metadata()
    doc.save(target, garbage=4, deflate=True, clean=True)
    print(json.dumps({"pages": pages, "regions": len(request["regions"]), "drawingsRemoved": drawings}))


main()
