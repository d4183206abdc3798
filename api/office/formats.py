"""Which import filter may open an input, and which export filter makes each target."""
import os
import re
import tempfile

import uno  # noqa: F401 -- installs the import hook that makes com.sun.star importable
from com.sun.star.beans import PropertyValue

FAMILIES = (
    ("calc", "com.sun.star.sheet.SpreadsheetDocument"),
    ("impress", "com.sun.star.presentation.PresentationDocument"),
    ("draw", "com.sun.star.drawing.DrawingDocument"),
    ("writer", "com.sun.star.text.TextDocument"),
)

# (family, target) -> (export filter, FilterOptions); html/txt of slides are built in slides.py.
EXPORTS = {
    ("writer", "pdf"): ("writer_pdf_Export", None),
    ("writer", "docx"): ("MS Word 2007 XML", None),
    ("writer", "html"): ("HTML (StarWriter)", "EmbedImages"),
    ("writer", "txt"): ("Text (encoded)", "UTF8"),
    ("calc", "pdf"): ("calc_pdf_Export", None),
    ("calc", "xlsx"): ("Calc MS Excel 2007 XML", None),
    ("calc", "html"): ("HTML (StarCalc)", "EmbedImages"),
    # Tab-separated, no quotes, UTF-8, cells as shown.
    ("calc", "txt"): ("Text - txt - csv (StarCalc)", "9,,76,1,,0,false,true,true"),
    ("impress", "pdf"): ("impress_pdf_Export", None),
    ("impress", "pptx"): ("Impress MS PowerPoint 2007 XML", None),
    ("draw", "pdf"): ("draw_pdf_Export", None),
    # Legacy and ODF targets, for making test fixtures with the engine itself.
    ("writer", "doc"): ("MS Word 97", None),
    ("writer", "rtf"): ("Rich Text Format", None),
    ("writer", "odt"): ("writer8", None),
    ("calc", "xls"): ("MS Excel 97", None),
    ("calc", "ods"): ("calc8", None),
    ("impress", "ppt"): ("MS PowerPoint 97", None),
    ("impress", "odp"): ("impress8", None),
}

# Office formats only: anything else (plain text, HTML, images...) is refused before loading,
# so a file cannot pick a riskier import filter (HTML fetches images) by lying about its name.
OFFICE_TYPE = re.compile(
    r"^(writer(8|_MS_Word|_Rich_Text|_ODT_FlatXML|_OOXML|_Office_Open)|calc(8|_MS_Excel|_ODS_FlatXML|_OOXML|_Office_Open)"
    r"|impress(8|_MS_PowerPoint|_ODP_FlatXML|_OOXML|_Office_Open)|MS Excel 2007|MS PowerPoint 2007)"
)
# Comma-separated, double quotes, UTF-8, from the first line.
CSV_IMPORT = ("Text - txt - csv (StarCalc)", "44,34,76,1")


def prop(name, value):
    """A com.sun.star.beans.PropertyValue, the argument type of most UNO calls."""
    value_holder = PropertyValue()
    value_holder.Name = name
    value_holder.Value = value
    return value_holder


class Refused(Exception):
    """The input or target is not one we convert; LibreOffice itself is fine."""


def import_filter(kind, path, target, preferred_filter):
    """(filter, options) to load a file LibreOffice detected as type `kind`, or Refused."""
    if kind == "pdf_Portable_Document_Format":
        # A last resort: PDF import gives absolutely positioned text boxes, not flowing text.
        if target in ("docx", "html", "txt"):
            return "writer_pdf_import", None
        if target in ("pptx", "pdf"):
            return "impress_pdf_import", None
    elif kind == "generic_Text" and path.lower().endswith(".csv"):
        return CSV_IMPORT
    elif OFFICE_TYPE.match(kind or ""):
        return preferred_filter(kind), None
    raise Refused("unsupported input format (detected %r)" % (kind or "nothing"))


def family_of(doc):
    return next((name for name, service in FAMILIES if doc.supportsService(service)), None)


def export_spec(family, target):
    if (family, target) not in EXPORTS:
        raise Refused("cannot make %s from a %s document" % (target, family or "unknown"))
    return EXPORTS[(family, target)]


def write_sheets_text(doc, output, store):
    """Calc's text export writes the active sheet only: export each sheet in turn, under its name."""
    sheets = doc.getSheets()
    if sheets.getCount() == 1:
        return store(output)
    controller = doc.getCurrentController()
    parts = []
    with tempfile.TemporaryDirectory(dir=os.path.dirname(output)) as folder:
        for index in range(sheets.getCount()):
            sheet = sheets.getByIndex(index)
            controller.setActiveSheet(sheet)
            part = os.path.join(folder, "%d.txt" % index)
            store(part)
            with open(part, encoding="utf-8") as handle:
                parts.append("--- %s ---\n%s" % (sheet.getName(), handle.read()))
    with open(output, "w", encoding="utf-8") as handle:
        handle.write("\n".join(parts))
