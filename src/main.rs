//! `starhop`: run the game, or render one screenshot and exit.

use bevy::prelude::*;
use starhop::StarhopPlugin;
use starhop::shell::launch::Args;

fn main() -> AppExit {
    let started = std::time::Instant::now();
    let args = Args::from_command_line();
    if let Some(dir) = &args.man_pages {
        let written = starhop_about::man_pages_command(Args::command(), dir);
        return if written {
            AppExit::Success
        } else {
            AppExit::from_code(1)
        };
    }
    let options = args.options(started);
    let mut app = App::new();
    app.add_plugins(StarhopPlugin { options });
    // The modes registered their shots while they were built.
    if let Some(problem) = starhop::shell::screenshot::unknown_shot(app.world()) {
        eprintln!("{problem}");
        return AppExit::from_code(2);
    }
    if args.shapes {
        app.world_mut()
            .resource_mut::<starhop::settings::Settings>()
            .shape_marks = true;
    }
    app.run()
}
