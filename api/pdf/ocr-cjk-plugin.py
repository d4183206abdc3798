"""OCRmyPDF plugin (api/pdf/ocr.ts): Chinese without the spaces Tesseract puts between its words.

Tesseract's PDF renderer writes each word as its own TJ and ends every word but a line's last
with U+0020; Chinese has no spaces, so "扫描文件" copies and searches as "扫描 文件". Here, in
the text-only page Tesseract made (before OCRmyPDF lays it under the picture), a word that ends
in a CJK character and is followed on the same baseline by one that starts with one loses its
space, and is stretched (Tz) to reach the next word, so no gap is left for a reader (pdftotext,
pdf.js) to read as a space. English and mixed words are left as Tesseract wrote them.
"""

import pikepdf
from ocrmypdf import hookimpl
from ocrmypdf.builtin_plugins.tesseract_ocr import TesseractOcrEngine
from pikepdf import Operator, String

# Tesseract's GlyphLessFont: every glyph is half an em wide (pdfrenderer.cpp, kCharWidth).
GLYPH_WIDTH_EM = 0.5
# Ideographs (with extension A and the supplementary planes), CJK punctuation, kana, fullwidth forms.
CJK_RANGES = ((0x3000, 0x30FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0xFF00, 0xFFEF), (0x20000, 0x3FFFF))


def is_cjk(char):
    code = ord(char)
    return any(low <= code <= high for low, high in CJK_RANGES)


def word_text(operands):
    """The word of a TJ as Tesseract writes it (one UTF-16BE string), or None for anything else."""
    array = operands[0] if operands else None
    if not isinstance(array, pikepdf.Array) or len(array) != 1 or not isinstance(array[0], String):
        return None
    try:
        return bytes(array[0]).decode('utf-16-be')
    except UnicodeDecodeError:
        return None


def join_cjk_words(ops):
    """Rewrites `ops` (a parsed content stream) in place; returns how many spaces were taken out."""
    size = None
    scale_at = None
    pending = None  # the last word, when it ends in CJK and a space: {index, text, scale_at, size, dx}
    joined = 0
    for index, (operands, operator) in enumerate(ops):
        name = str(operator)
        if name == 'Tf':
            size = float(operands[1])
        elif name == 'Tz':
            scale_at = index
        elif name == 'TJ':
            text = word_text(operands)
            if pending and pending['dx'] is not None and text and is_cjk(text[0]):
                word = pending['text'][:-1]
                ops[pending['index']] = ([pikepdf.Array([String(word.encode('utf-16-be'))])], Operator('TJ'))
                # Wide enough to end where the next word starts: dx is the distance between their origins.
                scale = 100 * pending['dx'] / (len(word) * GLYPH_WIDTH_EM * pending['size'])
                ops[pending['scale_at']] = ([round(scale, 3)], Operator('Tz'))
                joined += 1
            ends_cjk = text is not None and len(text) >= 2 and text[-1] == ' ' and is_cjk(text[-2])
            pending = {'index': index, 'text': text, 'scale_at': scale_at, 'size': size, 'dx': None} if ends_cjk and scale_at is not None and size else None
        elif name == 'Td':
            # The next word on the same baseline (Tesseract moves along the line with Td, dy 0).
            if pending and pending['dx'] is None and abs(float(operands[1])) < 0.01 and float(operands[0]) > 0:
                pending['dx'] = float(operands[0])
            else:
                pending = None
        elif name != 'Tr':
            pending = None
    return joined


class CjkJoiningTesseract(TesseractOcrEngine):
    """Tesseract as OCRmyPDF runs it, with the text-only page mended before it is grafted."""

    @staticmethod
    def generate_pdf(input_file, output_pdf, output_text, options):
        TesseractOcrEngine.generate_pdf(input_file, output_pdf, output_text, options)
        with pikepdf.open(output_pdf, allow_overwriting_input=True) as pdf:
            joined = 0
            for page in pdf.pages:
                ops = pikepdf.parse_content_stream(page)
                count = join_cjk_words(ops)
                if count:
                    page.Contents = pdf.make_stream(pikepdf.unparse_content_stream(ops))
                    joined += count
            if joined:
                pdf.save(output_pdf)


@hookimpl
def get_ocr_engine():
    return CjkJoiningTesseract()
