//! The command line: `impartial values RULE --to N` computes G(0..=N) of a
//! heap rule natively (see docs/solver.md, "The command line").
//!
//! Usage: `impartial values RULE [--to N] [--json] [--out FILE [--binary]]`
//! where N is a number (`1000000`, `1_000_000`) or a power of two (`2^25`).
//! Ctrl-C stops the computation and prints what was computed so far.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    std::process::exit(cli::run(std::env::args().skip(1).collect()));
}

// The wasm build has no command line.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use impartial::error::Coded;
    use impartial::grundy::sequence::{Sequence, ValuesError, MAX_SEQUENCE_HEAP};
    use impartial::grundy::Rule;
    use std::io::{IsTerminal, Write};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Instant;

    const USAGE: &str = "usage: impartial values RULE [--to N] [--json] [--out FILE [--binary]]
  RULE     grundy, nim, kayles, dawson or an octal code such as 0.354 or 4.07
  --to N   the last heap, a number (1000000, 1_000_000) or a power of two (2^25); default 2^16
  --json   one JSON object on stdout instead of the text summary
  --out F  writes G(0..=N) to F, one value per line (--binary: u16 little-endian, 2 bytes a heap)";

    /// Exit statuses: a usage or input error, a value out of reach, Ctrl-C.
    const EXIT_USAGE: i32 = 2;
    const EXIT_FAILED: i32 = 1;
    const EXIT_INTERRUPTED: i32 = 130;

    static INTERRUPTED: AtomicBool = AtomicBool::new(false);

    extern "C" fn on_sigint(_: libc::c_int) {
        INTERRUPTED.store(true, Ordering::SeqCst);
        // A second Ctrl-C ends the program at once (the default action).
        // SAFETY: signal() is async-signal-safe.
        unsafe {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
        }
    }

    fn catch_sigint() {
        let handler: extern "C" fn(libc::c_int) = on_sigint;
        // SAFETY: the handler only stores to an atomic and calls signal().
        unsafe {
            libc::signal(libc::SIGINT, handler as libc::sighandler_t);
        }
    }

    struct Options {
        rule: Rule,
        to: u32,
        json: bool,
        out: Option<String>,
        binary: bool,
    }

    /// Reads `1000000`, `1_000_000`, `1,000,000` or `2^25`.
    fn parse_heap(text: &str) -> Result<u64, String> {
        let bad = || {
            format!(
                "--to {text}: write a whole number such as 1000000 or a power of two such as 2^25"
            )
        };
        if let Some((base, exp)) = text.split_once('^') {
            let base: u64 = base.trim().parse().map_err(|_| bad())?;
            let exp: u32 = exp.trim().parse().map_err(|_| bad())?;
            return base.checked_pow(exp).ok_or_else(bad);
        }
        let digits: String = text.chars().filter(|&c| c != '_' && c != ',').collect();
        digits.parse().map_err(|_| bad())
    }

    fn parse(args: Vec<String>) -> Result<Options, String> {
        let mut it = args.into_iter();
        match it.next().as_deref() {
            Some("values") => {}
            Some("-h" | "--help") | None => return Err(String::new()),
            Some(other) => return Err(format!("unknown command {other:?}")),
        }
        let (mut rule, mut to, mut json, mut out, mut binary) =
            (None, 1u64 << 16, false, None, false);
        while let Some(arg) = it.next() {
            match arg.as_str() {
                "--to" => to = parse_heap(&it.next().ok_or("--to needs a heap")?)?,
                "--json" => json = true,
                "--binary" => binary = true,
                "--out" => out = Some(it.next().ok_or("--out needs a file")?),
                "-h" | "--help" => return Err(String::new()),
                flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
                text => {
                    if rule.is_some() {
                        return Err(format!("one rule only ({text:?} is a second)"));
                    }
                    rule = Some(Rule::parse(text).map_err(|e| format!("{e} ({})", e.code()))?);
                }
            }
        }
        let rule = rule.ok_or("no rule: write one such as 0.354, kayles or grundy")?;
        if to > u64::from(MAX_SEQUENCE_HEAP) {
            let e = ValuesError::TooFar {
                n: to,
                max: MAX_SEQUENCE_HEAP,
            };
            return Err(format!("{e} (2^30; {})", e.code()));
        }
        Ok(Options {
            rule,
            to: to as u32,
            json,
            out,
            binary,
        })
    }

    pub fn run(args: Vec<String>) -> i32 {
        let options = match parse(args) {
            Ok(o) => o,
            Err(message) if message.is_empty() => {
                let _ = writeln!(std::io::stdout(), "{USAGE}");
                return 0;
            }
            Err(message) => {
                eprintln!("error: {message}\n{USAGE}");
                return EXIT_USAGE;
            }
        };
        catch_sigint();
        let start = Instant::now();
        let mut sequence = Sequence::new(options.rule);
        let terminal = std::io::stderr().is_terminal();
        let mut last_report = 0.0f64;
        let result = sequence.extend_with(options.to, &mut |done, total| {
            let t = start.elapsed().as_secs_f64();
            // Long runs only: every second on a terminal, every 10 s in a log.
            let every = if terminal { 1.0 } else { 10.0 };
            if t >= 1.0 && t - last_report >= every && total > 0 {
                last_report = t;
                let share = f64::from(done) / f64::from(total);
                let line = format!("heap {done} of {total} ({:.1}%), {t:.0} s", 100.0 * share);
                match terminal {
                    true => eprint!("\r{line}   "),
                    false => eprintln!("{line}"),
                }
            }
            !INTERRUPTED.load(Ordering::SeqCst)
        });
        if terminal && last_report > 0.0 {
            eprintln!();
        }
        let seconds = start.elapsed().as_secs_f64();
        let status = match &result {
            Ok(()) => 0,
            Err(ValuesError::Cancelled) => {
                eprintln!("interrupted: what was computed so far follows");
                EXIT_INTERRUPTED
            }
            Err(e) => {
                eprintln!("error: {e} ({})", e.code());
                EXIT_FAILED
            }
        };
        let n = sequence.max_heap().min(options.to);
        let values = &sequence.values()[..=n as usize];
        let written = match &options.out {
            Some(path) => match write_values(path, values, options.binary) {
                Ok(()) => Some(path.clone()),
                Err(e) => {
                    eprintln!("error: cannot write {path}: {e}");
                    return EXIT_FAILED;
                }
            },
            None => None,
        };
        let summary = Summary {
            sequence: &sequence,
            n,
            complete: result.is_ok(),
            seconds,
            values,
            out: written.as_deref(),
            binary: options.binary,
        };
        let text = match options.json {
            true => summary.json(),
            false => summary.text(),
        };
        // A closed pipe (| head) is not an error worth a panic.
        let _ = writeln!(std::io::stdout(), "{text}");
        status
    }

    fn write_values(path: &str, values: &[u16], binary: bool) -> std::io::Result<()> {
        let mut f = std::io::BufWriter::new(std::fs::File::create(path)?);
        for &v in values {
            match binary {
                true => f.write_all(&v.to_le_bytes())?,
                false => writeln!(f, "{v}")?,
            }
        }
        f.flush()
    }

    struct Summary<'a> {
        sequence: &'a Sequence,
        n: u32,
        complete: bool,
        seconds: f64,
        values: &'a [u16],
        out: Option<&'a str>,
        binary: bool,
    }

    impl Summary<'_> {
        /// The largest value and the first heap that has it.
        fn largest(&self) -> (u16, usize) {
            let max = self.values.iter().copied().max().unwrap_or(0);
            let at = self.values.iter().position(|&v| v == max).unwrap_or(0);
            (max, at)
        }

        fn format(&self) -> &'static str {
            match self.binary {
                true => "u16 little-endian",
                false => "one value per line",
            }
        }

        fn text(&self) -> String {
            let mut lines = vec![
                format!("rule     {}", self.sequence.rule()),
                format!(
                    "heaps    0 to {}{}",
                    self.n,
                    if self.complete { "" } else { " (interrupted)" }
                ),
                format!("time     {:.3} s", self.seconds),
            ];
            lines.push(match self.sequence.period() {
                Some(p) => format!(
                    "period   {} from heap {} (last exception {})",
                    p.length,
                    p.start,
                    match p.start {
                        0 => "none".to_string(),
                        s => (s - 1).to_string(),
                    }
                ),
                None => match self.sequence.rule() {
                    Rule::Octal(_) => format!("period   none proven by heap {}", self.n),
                    _ => "period   none (not an octal rule)".into(),
                },
            });
            let (max, at) = self.largest();
            lines.push(format!("largest  G = {max}, first at heap {at}"));
            lines.push(match self.sequence.sparse_space() {
                Some(s) => format!(
                    "sparse   mask {:#06x}{}: {} rare heaps, the last {}",
                    s.mask,
                    match s.parity {
                        Some(1) => ", even heaps flipped",
                        Some(_) => ", odd heaps flipped",
                        None => "",
                    },
                    s.rare,
                    s.last_rare
                ),
                None => "sparse   no sparse space found".into(),
            });
            if let Some(path) = self.out {
                lines.push(format!("out      {path} ({})", self.format()));
            }
            lines.join("\n")
        }

        fn json(&self) -> String {
            let (max, at) = self.largest();
            let period = match self.sequence.period() {
                Some(p) => format!("{{\"start\":{},\"length\":{}}}", p.start, p.length),
                None => "null".into(),
            };
            let sparse = match self.sequence.sparse_space() {
                Some(s) => format!(
                    "{{\"mask\":{},\"parity\":{},\"rare\":{},\"last_rare\":{}}}",
                    s.mask,
                    s.parity.map_or("null".into(), |p| p.to_string()),
                    s.rare,
                    s.last_rare
                ),
                None => "null".into(),
            };
            let out = match self.out {
                Some(path) => format!(
                    "{{\"path\":{},\"format\":\"{}\"}}",
                    json_string(path),
                    if self.binary { "u16le" } else { "lines" }
                ),
                None => "null".into(),
            };
            format!(
                "{{\"rule\":{},\"n\":{},\"complete\":{},\"seconds\":{:.6},\"period\":{period},\"max_value\":{max},\"max_value_heap\":{at},\"sparse\":{sparse},\"out\":{out}}}",
                json_string(&self.sequence.rule().to_string()),
                self.n,
                self.complete,
                self.seconds
            )
        }
    }

    fn json_string(s: &str) -> String {
        let mut out = String::from("\"");
        for c in s.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                c => out.push(c),
            }
        }
        out.push('"');
        out
    }
}
