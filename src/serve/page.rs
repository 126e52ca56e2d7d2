//! The page `serve` shows: a bar (go to a braille page, find a word of the print, the print
//! column on or off, the downloads), the latest build's errors and warnings, each with a link
//! to the braille page of its block, and the proof as `--format html` writes it. A script
//! listens for the server's events and, when a build is done, fetches the page anew and puts
//! its parts in place, at the braille page it showed.

use std::fmt::Write as _;

use quick_xml::escape::escape;

use super::proof::Proof;
use super::state::{Problem, State};

const STYLE: &str = "
#bar { position: sticky; top: 0; z-index: 2; background: #223; color: #fff; padding: .4em .8em;
  margin: -1em -1em 1em -1em; display: flex; flex-wrap: wrap; gap: .4em 1.2em; align-items: center; }
#bar form { display: inline-flex; gap: .3em; align-items: center; margin: 0; }
#bar input[type=text], #bar input[type=number] { width: 6em; }
#bar a { color: #cde; }
#bar .said { color: #fc6; }
#serve .state { font-weight: bold; }
#serve.failed .state { color: #a00; }
#problems { list-style: none; padding: 0; margin: 0 0 1em 0; max-width: 60em; }
#problems li { border-left: 4px solid #c90; background: #fff8e6; margin: .4em 0; padding: .3em .6em; }
#problems li.error { border-color: #c00; background: #fff0f0; }
#problems .where { font-family: monospace; }
#problems pre { margin: .3em 0; background: #fff; padding: .2em .4em; overflow-x: auto; }
#proof section.page { scroll-margin-top: 3.2em; }
#proof.stale { opacity: .55; outline: 4px dashed #c00; outline-offset: 6px; }
body.no-print .note { display: none; }
.found { outline: 3px solid #f80; background: #ffe9a8; }
";

/// The script of the page: the events, the bar. Plain script, no library.
const SCRIPT: &str = r#"
(() => {
  const $ = id => document.getElementById(id);
  let version = $('serve').dataset.version;
  let fetching = false, again = false;
  // The braille page at the top of the window (below the bar, by more than the gap between
  // two boxes), and how far its top is from the window's.
  const topPage = () => {
    const edge = $('bar').getBoundingClientRect().bottom + 20;
    for (const s of document.querySelectorAll('#proof section.page')) {
      const r = s.getBoundingClientRect();
      if (r.bottom > edge) return { page: s.dataset.page, top: r.top };
    }
    return null;
  };
  const update = async () => {
    if (fetching) { again = true; return; }
    fetching = true;
    // Busy while the page is fetched and put in (for screen readers, and for a test to wait).
    document.body.setAttribute('aria-busy', 'true');
    try {
      let at = null;
      const response = await fetch('/', { cache: 'no-store' });
      const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
      // The state always; the proof only when it is another build's (downloads made, or a
      // failed build, leave it as it is, with what was found in it and where it was read).
      const oldState = $('serve'), freshState = doc.getElementById('serve');
      if (oldState && freshState) oldState.replaceWith(document.adoptNode(freshState));
      const old = $('proof'), fresh = doc.getElementById('proof');
      if (old && fresh) {
        if (old.dataset.generation !== fresh.dataset.generation) {
          // Where the reader is now, not when the fetch began: a page gone to or a word found
          // while it ran is kept (CI once saw a find undone by the place taken before it).
          at = topPage();
          old.replaceWith(document.adoptNode(fresh));
        } else {
          old.classList.toggle('stale', fresh.classList.contains('stale'));
        }
      }
      document.body.setAttribute('data-cols', doc.body.getAttribute('data-cols') || '');
      document.body.setAttribute('data-rows', doc.body.getAttribute('data-rows') || '');
      version = $('serve').dataset.version;
      if (at) {
        const s = document.getElementById('punktsida-' + at.page);
        if (s) window.scrollBy(0, s.getBoundingClientRect().top - at.top);
      }
      $('link').textContent = '';
    } catch (e) {
      $('link').textContent = 'kunde inte hämta sidan: ' + e;
    } finally {
      fetching = false;
      if (again) { again = false; update(); } else document.body.removeAttribute('aria-busy');
    }
  };
  const events = new EventSource('/events');
  events.addEventListener('build', e => { if (e.data !== version) update(); });
  events.onopen = () => { $('link').textContent = ''; };
  events.onerror = () => { $('link').textContent = 'ingen kontakt med servern (schackpunkt serve stoppad?)'; };
  const say = (what, text) => { $(what).textContent = text; };
  $('goto').addEventListener('submit', e => {
    e.preventDefault();
    const n = $('page').value.trim();
    const s = document.getElementById('punktsida-' + n);
    if (s) { s.scrollIntoView(); say('gone', ''); } else say('gone', 'ingen punktsida ' + n);
  });
  // Finds the text among the notes' print texts (whole, in their titles), after the one found
  // last; the braille page of its block comes into view.
  let last = null;
  $('find').addEventListener('submit', e => {
    e.preventDefault();
    const want = $('word').value.trim().toLocaleLowerCase('sv');
    if (!want) return;
    const notes = [...document.querySelectorAll('#proof .note')];
    const from = last ? notes.indexOf(last) + 1 : 0;
    const order = notes.slice(from).concat(notes.slice(0, from));
    const hit = order.find(n => (n.title || n.textContent).toLocaleLowerCase('sv').includes(want));
    if (last) last.classList.remove('found');
    last = hit || null;
    if (!hit) { say('findsaid', 'hittades inte'); return; }
    hit.classList.add('found');
    const line = hit.closest('.line') || hit;
    line.scrollIntoView({ block: 'center' });
    const page = hit.closest('section.page');
    say('findsaid', page ? 'punktsida ' + page.dataset.page : '');
  });
  const print = $('print');
  const show = () => document.body.classList.toggle('no-print', !print.checked);
  print.addEventListener('change', show);
  show();
})();
"#;

/// The whole page for the state as it is.
pub(super) fn render(state: &State) -> String {
    let mut out = String::with_capacity(state.proof.as_ref().map_or(0, |p| p.body.len()) + 16_384);
    let (title, style, attributes) = match &state.proof {
        Some(p) => (
            p.title.as_str(),
            p.style.as_str(),
            p.body_attributes.as_str(),
        ),
        None => ("Korrektur", "", ""),
    };
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"sv\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{title}</title>\n<style>{style}{STYLE}</style>\n</head>\n<body{attributes}>\n"
    );
    bar(&mut out);
    status(&mut out, state);
    match &state.proof {
        Some(p) => {
            let stale = if state.failed { " class=\"stale\"" } else { "" };
            let _ = writeln!(
                out,
                "<main id=\"proof\"{stale} data-generation=\"{}\">{}</main>",
                p.generation, p.body
            );
        }
        None => out.push_str("<main id=\"proof\"></main>\n"),
    }
    let _ = write!(out, "<script>{SCRIPT}</script>\n</body>\n</html>\n");
    out
}

/// The bar: go to a page, find a word, the print column, the link's state.
fn bar(out: &mut String) {
    out.push_str(
        "<nav id=\"bar\">\
         <form id=\"goto\"><label for=\"page\">Gå till punktsida</label> \
         <input id=\"page\" type=\"number\" min=\"1\"> <button>Gå</button> \
         <span id=\"gone\" class=\"said\"></span></form>\
         <form id=\"find\"><label for=\"word\">Sök i trycktexten</label> \
         <input id=\"word\" type=\"text\"> <button>Sök</button> \
         <span id=\"findsaid\" class=\"said\"></span></form>\
         <label><input id=\"print\" type=\"checkbox\" checked> Visa trycktexten</label>",
    );
    out.push_str("<span id=\"link\" class=\"said\"></span></nav>\n");
}

/// The state of the latest build, its downloads, and its problems.
fn status(out: &mut String, state: &State) {
    let class = if state.failed {
        " class=\"failed\""
    } else {
        ""
    };
    let _ = write!(
        out,
        "<div id=\"serve\"{class} data-generation=\"{}\" data-version=\"{}\">\n<p>",
        state.generation,
        state.version()
    );
    let said = match (&state.proof, state.failed) {
        (_, false) if state.generation == 0 => "Bygger…".to_owned(),
        (Some(p), false) => format!(
            "Bygge {}: {} punktsidor, {} ms.",
            p.generation,
            p.pages,
            state.took.as_millis()
        ),
        (Some(p), true) => format!(
            "Bygge {} misslyckades. Korrekturen nedan är från bygge {} och inte aktuell.",
            state.generation, p.generation
        ),
        (None, _) => format!(
            "Bygge {} misslyckades. Ingen korrektur ännu.",
            state.generation
        ),
    };
    let _ = write!(out, "<span class=\"state\">{}</span>", escape(&said));
    // The downloads of the proof shown, once made.
    let current = state
        .proof
        .as_ref()
        .is_some_and(|p| p.generation == state.downloads_of);
    if current && !state.downloads.is_empty() {
        out.push_str(" Ladda ner: ");
        for (i, d) in state.downloads.iter().enumerate() {
            if i > 0 {
                out.push_str(" · ");
            }
            let _ = write!(
                out,
                "<a href=\"/download/{}\" download=\"{}\">{}</a>",
                d.in_address(),
                escape(&d.name),
                escape(&d.label)
            );
        }
    } else if state.downloading {
        out.push_str(" Punktskriftsfilerna byggs…");
    } else if state.proof.is_some() {
        out.push_str(
            " Punktskriftsfilerna till den här korrekturen hann inte byggas före nästa ändring; \
             de byggs med nästa lyckade bygge.",
        );
    }
    out.push_str("</p>\n");
    if !state.problems.is_empty() {
        out.push_str("<ol id=\"problems\">\n");
        for p in &state.problems {
            problem(out, p, state.proof.as_ref());
        }
        out.push_str("</ol>\n");
    }
    out.push_str("</div>\n");
}

/// One problem: where, what, the source line marked, the hint, the braille page of its block.
fn problem(out: &mut String, p: &Problem, proof: Option<&Proof>) {
    let (class, word) = match p.error {
        true => ("error", "error"),
        false => ("warning", "warning"),
    };
    let _ = write!(out, "<li class=\"{class}\">");
    if let Some(at) = &p.location {
        let _ = write!(
            out,
            "<span class=\"where\">{}</span> ",
            escape(at.to_string())
        );
    }
    let _ = write!(out, "<strong>{word}:</strong> {}", escape(&p.message));
    if !p.drawn.is_empty() {
        let _ = write!(out, "<pre class=\"source\">{}</pre>", escape(&p.drawn));
    }
    let page = p
        .location
        .as_ref()
        .and_then(|at| proof?.page_of(&at.file, at.line));
    if let Some(page) = page {
        let _ = write!(
            out,
            " <a class=\"goto\" href=\"#punktsida-{page}\">punktsida {page}</a>"
        );
    }
    out.push_str("</li>\n");
}

#[cfg(test)]
mod tests {
    use super::super::proof::tests::PROOF;
    use super::*;

    #[test]
    fn a_failed_build_keeps_the_proof_marked_and_its_error_on_top() {
        let mut state = State {
            generation: 3,
            proof: Proof::of_text(PROOF),
            failed: true,
            ..State::default()
        };
        if let Some(p) = &mut state.proof {
            p.generation = 2;
        }
        let at = crate::error::Location {
            file: "bok/01-a.md".into(),
            line: 21,
            column: 7,
        };
        let d = crate::error::Diagnostic::new(at, "illegal move <Kf9>")
            .with_source("1. e4 Kf9", 3)
            .with_hint("a king moves one square");
        let error = crate::error::Error::Input(Box::new(d));
        state.problems.push(Problem::of_error(&error, false));
        let page = render(&state);
        assert!(page.contains("<main id=\"proof\" class=\"stale\" data-generation=\"2\">"));
        assert!(page.contains("Bygge 3 misslyckades. Korrekturen nedan är från bygge 2"));
        assert!(page.contains("bok/01-a.md:21:7"));
        assert!(page.contains("illegal move &lt;Kf9&gt;"));
        // The terminal's drawing: the source line, its marker, the hint.
        assert!(page.contains("21 | 1. e4 Kf9\n   |       ^^^"), "{page}");
        assert!(
            page.contains("= hint: a king moves one square</pre>"),
            "{page}"
        );
        assert!(page.contains("href=\"#punktsida-2\">punktsida 2</a>"));
        // The error comes before the proof.
        assert!(page.find("illegal move") < page.find("<main"));
        // No braille files of this proof: not "being built", and none of an older one.
        assert!(page.contains("hann inte byggas"));
        state.downloading = true;
        assert!(render(&state).contains("Punktskriftsfilerna byggs"));
    }
}
