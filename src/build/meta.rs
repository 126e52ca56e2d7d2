//! The book's metadata for outputs that carry it (PEF, the proof): title, author, date.

use super::*;

/// What the output's format says of the book beside its braille (PEF's head): the first book's
/// title and author, an identifier made from them and the inputs' names, the date of
/// `SOURCE_DATE_EPOCH` when set. PEF needs pages: without a page length it is a usage error.
pub(super) fn meta(
    opened: &[(String, Prepared, InputKind, Role)],
    options: &Options,
    cli: &Settings,
) -> Result<Meta> {
    if options.format == Format::Pef && options.page_length == 0 {
        let message = "PEF is made of pages: give a page length (page_length 0 writes no pages)";
        // At the book's own `page_length: 0`, when the command line did not set it.
        let book = opened.iter().find_map(|(name, p, _, role)| match p {
            Prepared::Book(text) => Some((name, text, *role)),
            _ => None,
        });
        if cli.page_length.is_none()
            && let Some((name, text, role)) = book
            && let Some((_, d)) = at_setting(name, text, role, &["page_length"], message)
        {
            return Err(d.into());
        }
        return Err(Error::Usage(message.into()));
    }
    let mut meta = Meta {
        cols: options.line_length,
        rows: options.page_length,
        duplex: options.duplex,
        ..Meta::default()
    };
    if let Some((name, Prepared::Book(text), _, role)) = opened
        .iter()
        .find(|(_, p, _, _)| matches!(p, Prepared::Book(_)))
    {
        let front = front_of(name, text, *role)?;
        meta.title = front.title;
        meta.author = front.author;
    }
    // FNV-1a, 64 bits: the same book gets the same identifier on every machine.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |s: &str| {
        for b in s.bytes().chain([0]) {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    feed(meta.title.as_deref().unwrap_or(""));
    feed(meta.author.as_deref().unwrap_or(""));
    for (name, ..) in opened {
        let file = Path::new(name).file_name().map(|f| f.to_string_lossy());
        feed(file.as_deref().unwrap_or(name));
    }
    meta.identifier = format!("urn:schackpunkt:{hash:016x}");
    meta.date = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<i64>().ok())
        .map(date_of);
    Ok(meta)
}

/// The date (`yyyy-mm-dd`, UTC) of a time in seconds since 1970 (the civil calendar from a day
/// count: Howard Hinnant's algorithm).
fn date_of(seconds: i64) -> String {
    let days = seconds.div_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}
