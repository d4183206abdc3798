"""Presentations to one self-contained HTML page or to plain text.

Each slide becomes a PNG rendered by LibreOffice itself and inlined as a data: URL, followed by
the slide's text (and speaker notes) in a collapsible block. Rendered images look exactly like
the slides on any device, with no fonts to install; the text keeps the page searchable and
readable by screen readers. One file means the user downloads one thing that opens anywhere.
"""
import base64
import html
import os
import tempfile

import uno

from formats import prop

SLIDE_WIDTH_PX = 1600

STYLE = """
body{margin:0;background:#f3f3f3;font-family:system-ui,sans-serif;color:#222}
main{max-width:1000px;margin:0 auto;padding:24px 16px}
h1{font-size:1.3rem;font-weight:600}
section{margin:0 0 28px}
img{display:block;width:100%;height:auto;background:#fff;box-shadow:0 1px 4px rgba(0,0,0,.25)}
details{margin-top:6px;font-size:.9rem}
p{margin:.3em 0;white-space:pre-wrap}
.notes{color:#555;border-left:3px solid #ccc;padding-left:8px}
table{border-collapse:collapse;margin:.4em 0}
td{border:1px solid #ccc;padding:2px 6px}
"""


def _shape_items(shapes):
    """Text of the shapes of a page or group, roughly in reading order (title first, then top to
    bottom): strings, and tables as lists of rows of cell strings."""
    items = []
    for index in range(shapes.getCount()):
        shape = shapes.getByIndex(index)
        kind = shape.getShapeType()
        position = shape.getPosition()
        if kind == "com.sun.star.drawing.GroupShape":
            found = _shape_items(shape)
        elif kind == "com.sun.star.drawing.TableShape":
            model = shape.getPropertyValue("Model")
            columns, rows = model.getColumns().getCount(), model.getRows().getCount()
            found = [[[model.getCellByPosition(c, r).getString() for c in range(columns)] for r in range(rows)]]
        elif hasattr(shape, "getString") and shape.getString().strip():
            found = [shape.getString()]
        else:
            found = []
        is_title = kind == "com.sun.star.presentation.TitleTextShape"
        items.append((0 if is_title else 1, position.Y, position.X, found))
    items.sort(key=lambda item: item[:3])
    return [found for item in items for found in item[3]]


def _as_text(item):
    return item if isinstance(item, str) else "\n".join("\t".join(row) for row in item)


def _as_html(item, css_class=None):
    if isinstance(item, str):
        return "<p%s>%s</p>" % (' class="%s"' % css_class if css_class else "", html.escape(item))
    rows = "".join("<tr>%s</tr>" % "".join("<td>%s</td>" % html.escape(cell) for cell in row) for row in item)
    return "<table>%s</table>" % rows


def _notes(page):
    notes = page.getNotesPage()
    return [
        notes.getByIndex(i).getString()
        for i in range(notes.getCount())
        if notes.getByIndex(i).getShapeType() == "com.sun.star.presentation.NotesShape"
        and notes.getByIndex(i).getString().strip()
    ]


def _render_png(ctx, page, folder, index):
    exporter = ctx.ServiceManager.createInstanceWithContext("com.sun.star.drawing.GraphicExportFilter", ctx)
    exporter.setSourceDocument(page)
    height = max(1, round(SLIDE_WIDTH_PX * page.Height / max(1, page.Width)))
    filter_data = uno.Any(
        "[]com.sun.star.beans.PropertyValue", (prop("PixelWidth", SLIDE_WIDTH_PX), prop("PixelHeight", height))
    )
    path = os.path.join(folder, "%d.png" % index)
    exporter.filter((prop("URL", uno.systemPathToFileUrl(path)), prop("MediaType", "image/png"), prop("FilterData", filter_data)))
    with open(path, "rb") as handle:
        data = handle.read()
    os.unlink(path)
    return data, height


def _title(doc, fallback):
    """The document's title property, else the first slide's title, else the file name."""
    title = (doc.getDocumentProperties().Title or "").strip()
    pages = doc.getDrawPages()
    if not title and pages.getCount() > 0:
        first = pages.getByIndex(0)
        for index in range(first.getCount()):
            shape = first.getByIndex(index)
            if shape.getShapeType() == "com.sun.star.presentation.TitleTextShape":
                title = shape.getString().strip()
                break
    return title or fallback


def write_html(ctx, doc, output, fallback_title):
    pages = doc.getDrawPages()
    title = _title(doc, fallback_title)
    parts = []
    with tempfile.TemporaryDirectory(dir=os.path.dirname(output)) as folder:
        for index in range(pages.getCount()):
            page = pages.getByIndex(index)
            png, height = _render_png(ctx, page, folder, index)
            items = _shape_items(page)
            notes = _notes(page) if hasattr(page, "getNotesPage") else []
            alt = next((item[:200] for item in items if isinstance(item, str)), "Slide %d" % (index + 1))
            parts.append(
                '<section id="slide-%d"><img src="data:image/png;base64,%s" width="%d" height="%d" alt="%s">'
                '<details><summary>%d / %d</summary>%s%s</details></section>'
                % (index + 1, base64.b64encode(png).decode("ascii"), SLIDE_WIDTH_PX, height, html.escape(alt),
                   index + 1, pages.getCount(), "".join(map(_as_html, items)),
                   "".join(_as_html(note, "notes") for note in notes))
            )
    page_html = (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>%s</title><style>%s</style></head><body><main><h1>%s</h1>%s</main></body></html>\n"
        % (html.escape(title), STYLE, html.escape(title), "".join(parts))
    )
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(page_html)


def write_text(doc, output):
    pages = doc.getDrawPages()
    blocks = []
    for index in range(pages.getCount()):
        page = pages.getByIndex(index)
        lines = ["--- %d ---" % (index + 1)] + [_as_text(item) for item in _shape_items(page)]
        notes = _notes(page) if hasattr(page, "getNotesPage") else []
        blocks.append("\n".join(lines + notes))
    with open(output, "w", encoding="utf-8") as handle:
        handle.write("\n\n".join(blocks) + "\n")
