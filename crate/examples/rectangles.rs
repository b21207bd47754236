//! Prints, as Markdown, the winning first moves of every rectangle up to
//! N×N, all read from one solve of the N×N box (every rectangle is a
//! position of it): `cargo run --release --example rectangles -- 16`.

use impartial::chomp::{analyze, Position, Solution, REMOTENESS_LIMIT};

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(12);
    let limit = if n > 12 { 0 } else { REMOTENESS_LIMIT };
    let s =
        Solution::solve_with(n, n, limit, &mut |_, _| {}).expect("box within the solver's limit");
    print!("| rows \\ cols |");
    for c in 1..=n {
        print!(" {c} |");
    }
    println!();
    println!("|---|{}", "---|".repeat(n));
    for r in 1..=n {
        print!("| **{r}** |");
        for c in 1..=n {
            let rect = Position::rectangle(r, c).expect("non-empty");
            let wins: Vec<String> = analyze(&s, &rect)
                .expect("inside the box")
                .winning_moves()
                .map(|m| format!("{},{}", m.row, m.col))
                .collect();
            print!(
                " {} |",
                if wins.is_empty() {
                    "–".to_string()
                } else {
                    wins.join(" ")
                }
            );
        }
        println!();
    }
}
