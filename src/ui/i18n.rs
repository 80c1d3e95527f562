//! English and Simplified Chinese. Every text in the UI is written in English
//! at the call site (`lang.t("Start game")`) and looked up here; a missing
//! translation falls back to English, and a test keeps the table complete.

use crate::play::Notice;
use crate::settings::Language;
use bevy_egui::egui::Color32;
use starhop_engine::{Event, OutReason, RuleError};

/// English text → Simplified Chinese.
const ZH: &[(&str, &str)] = &[
    // setup screen
    (
        "Chinese checkers for the whole family",
        "全家一起玩的中国跳棋",
    ),
    ("Players", "玩家"),
    ("Player", "玩家"),
    ("Name", "名字"),
    ("Human", "真人"),
    ("Bot", "电脑"),
    ("Beginner", "入门"),
    ("Easy", "简单"),
    ("Medium", "中等"),
    ("Hard", "困难"),
    ("Master", "大师"),
    (
        "Plays like someone learning the game, mistakes included.",
        "像初学者一样下棋，会犯错。",
    ),
    ("Looks one move ahead.", "只看一步。"),
    ("Looks a few moves ahead.", "看几步。"),
    ("A strong club player.", "棋力相当于俱乐部高手。"),
    (
        "Thinks as deep as its time allows.",
        "在时间允许内尽量深算。",
    ),
    ("thinking", "思考中"),
    ("Hint", "提示"),
    (
        "Show the move the Hard bot would play.",
        "显示困难电脑会走的一步。",
    ),
    ("Pause", "暂停"),
    ("Speed", "速度"),
    ("Colour", "颜色"),
    ("Board", "棋盘"),
    ("Small (73 holes)", "小 (73 孔)"),
    ("Standard (121 holes)", "标准 (121 孔)"),
    ("Large (181 holes)", "大 (181 孔)"),
    ("Rules", "规则"),
    ("Preset", "预设"),
    ("Classic", "经典"),
    ("Super jump", "超级跳"),
    ("Tournament", "比赛"),
    ("Party", "道具赛"),
    (
        "Party mode arrives in a coming update.",
        "道具模式即将推出。",
    ),
    ("All options", "全部选项"),
    ("Long jumps", "长跳 (等距跳)"),
    (
        "Jump over a distant marble with equal empty holes on both sides.",
        "可跳过远处的一颗棋子，前后空位数相等。",
    ),
    ("No stopping in foreign camps", "不得停在别人的营地"),
    (
        "A marble may pass through other camps but not end its move there.",
        "棋子可以跳经其他营地，但不能停在那里。",
    ),
    ("Locked in target", "进营不出"),
    (
        "A marble that reached its target camp stays inside it.",
        "到达目标营地的棋子只能在营内移动。",
    ),
    ("Passing allowed", "允许停一手"),
    ("A player may pass instead of moving.", "玩家可以选择不走。"),
    ("Repetition limit", "重复限制"),
    (
        "After 3 back-and-forth moves, going back is no longer allowed.",
        "来回走满 3 次后，不能再走回头棋。",
    ),
    ("First in skips a turn", "先进营者停一轮"),
    (
        "House rule: the first player to reach their target skips their next turn.",
        "家庭规则：第一个进入目标营地的玩家停走一次。",
    ),
    ("Equal moves", "同步数"),
    (
        "When someone finishes, the round is completed so everyone has moved equally often.",
        "有人完成后，本轮走完，使每人步数相同。",
    ),
    ("Play on for places", "继续争名次"),
    (
        "With 3+ players, keep playing after the winner until every place is decided.",
        "三人以上时，冠军产生后继续比赛，直到名次全部确定。",
    ),
    ("Anti-passive rule", "防止消极"),
    (
        "After moves 20, 25 and 30 enough marbles must have left home, or the player loses.",
        "第 20、25、30 步后须有足够棋子离开本营，否则判负。",
    ),
    ("Deadlock adjudication", "僵局裁决"),
    (
        "Two players: after 10 rounds without progress the closer player wins 0.75-0.25.",
        "两人对局：连续 10 轮无进展时，距离较近者以 0.75 比 0.25 获胜。",
    ),
    ("Teams", "组队"),
    ("None", "无"),
    ("2 against 2", "二对二"),
    ("3 against 3", "三对三"),
    ("Move time limit", "每步限时"),
    ("Time bank", "总用时"),
    ("off", "关"),
    ("Who moves first", "谁先走"),
    ("Coin toss", "猜硬币"),
    ("Rock-paper-scissors", "石头剪刀布"),
    ("Drawing lots", "抽签"),
    ("Fixed seat", "指定座位"),
    ("Start game", "开始游戏"),
    ("Load game", "载入棋局"),
    ("Language", "语言"),
    // draw
    ("calls", "猜"),
    ("heads", "正面"),
    ("tails", "反面"),
    ("The coin shows", "硬币是"),
    ("Lots are drawn", "抽签"),
    ("The rules name the first player", "规则指定先手"),
    ("moves first!", "先走！"),
    ("Play", "开始"),
    ("Skip", "跳过"),
    // HUD
    ("to move", "走棋"),
    ("Round", "回合"),
    ("Move", "步"),
    ("move time", "本步剩余"),
    ("Undo", "悔棋"),
    ("Redo", "重做"),
    ("Pass", "停一手"),
    ("Resign", "认输"),
    ("Menu", "菜单"),
    ("finished", "已完成"),
    ("out", "出局"),
    ("in target", "已进营"),
    (
        "Click a marble, then a glowing hole. Right-drag turns the board, wheel zooms, T: top view.",
        "点击棋子，再点击发光的孔。右键拖动旋转棋盘，滚轮缩放，T：俯视。",
    ),
    ("Anti-passive rule: after move", "防止消极：第"),
    (
        "marbles must be out of home; now",
        "步后须有棋子离开本营；现在",
    ),
    // end screen
    ("Game over", "对局结束"),
    ("Place", "名次"),
    ("Turns", "步数"),
    ("Score", "得分"),
    ("Play again", "再来一局"),
    ("New game", "新对局"),
    ("Save game", "保存棋局"),
    ("Look at the board", "查看棋盘"),
    ("Draw", "平局"),
    ("wins", "获胜"),
    // menus
    ("Paused", "暂停"),
    ("That is not your marble", "那不是你的棋子"),
    ("That hole is taken", "那个洞已经有棋子了"),
    (
        "That hole is in another player's camp: you may jump through, not stop",
        "那个洞在别人的营地里：可以跳过，不能停留",
    ),
    (
        "This marble has reached its target and may only move inside it",
        "这颗棋子已到达目标营地，只能在营地内移动",
    ),
    (
        "Going back again is not allowed: the repetition limit is reached",
        "不能再走回头棋：已达到重复次数上限",
    ),
    (
        "The marble cannot reach that hole with a step or a chain of jumps",
        "这颗棋子一步或连跳都到不了那个洞",
    ),
    (
        "This save does not say which seats were bots: people play every seat.",
        "此存档未记录哪些座位是电脑：所有座位都由玩家操作。",
    ),
    ("Resume", "继续"),
    ("Restart", "重新开始"),
    ("Settings", "设置"),
    ("Controls", "操作说明"),
    ("Back to setup", "返回设置"),
    ("Quit", "退出"),
    ("Sound", "声音"),
    ("Volume", "音量"),
    ("Show legal moves", "显示可走位置"),
    (
        "Mark each legal destination of the lifted marble.",
        "标出所选棋子可以到达的位置。",
    ),
    ("Shapes on marbles", "棋子形状标记"),
    (
        "A shape per colour, for colour-blind players.",
        "每种颜色一个形状，方便色盲玩家。",
    ),
    ("Turn the board to the player", "棋盘转向当前玩家"),
    ("Animation speed", "动画速度"),
    ("Close", "关闭"),
    ("Saved games", "已保存的棋局"),
    ("No saved games yet.", "还没有保存的棋局。"),
    ("Keyboard and gamepad", "键盘和手柄"),
    (
        "Lift a marble / move to the marked hole",
        "拿起棋子 / 走到标记的孔",
    ),
    (
        "Put the marble back, or open the menu",
        "放回棋子，或打开菜单",
    ),
    ("Move the cursor", "移动光标"),
    ("Next marble that can move", "下一颗能走的棋子"),
    ("Turn and tilt the board", "旋转和倾斜棋盘"),
    ("Top-down view", "俯视图"),
    ("Face the player to move", "朝向当前玩家"),
    // notices
    ("That move is not allowed", "这步不允许"),
    ("timed out", "超时"),
    ("in a row", "次连续"),
    ("skips this turn", "停走一次"),
    ("finished in", "完成，用了"),
    ("turns", "步"),
    ("resigned", "认输了"),
    ("broke the anti-passive rule", "违反了防止消极规则"),
    ("timed out three times", "连续三次超时"),
    ("ran out of time", "用完了时间"),
    ("passes", "停一手"),
    ("Move undone", "已悔棋"),
    ("Move redone", "已重做"),
    ("Nothing to undo", "没有可悔的棋"),
    ("Nothing to redo", "没有可重做的棋"),
    ("The game is over", "对局已结束"),
    (
        "Passing is not allowed while a move is possible",
        "有棋可走时不能停一手",
    ),
];

pub trait Tr {
    fn t(self, english: &'static str) -> &'static str;
}

impl Tr for Language {
    fn t(self, english: &'static str) -> &'static str {
        tr(self, english)
    }
}

pub fn tr(lang: Language, english: &'static str) -> &'static str {
    match lang {
        Language::English => english,
        Language::Chinese => ZH
            .iter()
            .find(|(en, _)| *en == english)
            .map_or(english, |(_, zh)| zh),
    }
}

/// A notice as a toast: its text and colour.
pub fn describe_notice(
    lang: Language,
    n: &Notice,
    name: &dyn Fn(u8) -> String,
) -> (String, Color32) {
    let warn = Color32::from_rgb(255, 190, 90);
    let good = Color32::from_rgb(140, 230, 150);
    let plain = Color32::from_rgb(225, 225, 225);
    let t = |s| tr(lang, s);
    match n {
        Notice::Refused(e) => (refusal(lang, e), warn),
        Notice::Rule(Event::TimedOut { seat, in_a_row }) => (
            format!(
                "{} {} ({} {})",
                name(*seat),
                t("timed out"),
                in_a_row,
                t("in a row")
            ),
            warn,
        ),
        Notice::Rule(Event::SkippedTurn { seat }) => {
            (format!("{} {}", name(*seat), t("skips this turn")), plain)
        }
        Notice::Rule(Event::Finished { seat, turns }) => (
            format!(
                "{} {} {} {}",
                name(*seat),
                t("finished in"),
                turns,
                t("turns")
            ),
            good,
        ),
        Notice::Rule(Event::Out { seat, reason }) => {
            let why = match reason {
                OutReason::Resigned => t("resigned"),
                OutReason::AntiPassive => t("broke the anti-passive rule"),
                OutReason::TimeOuts => t("timed out three times"),
                OutReason::OutOfTime => t("ran out of time"),
            };
            (format!("{} {why}", name(*seat)), warn)
        }
        Notice::Rule(Event::Passed { seat }) => (format!("{} {}", name(*seat), t("passes")), plain),
        Notice::Rule(Event::GameOver(_)) => (t("Game over").to_string(), good),
        Notice::Rule(Event::Moved { .. }) => (String::new(), plain),
        Notice::Undone => (t("Move undone").to_string(), plain),
        Notice::Redone => (t("Move redone").to_string(), plain),
        Notice::SeatsUnknown => (
            t("This save does not say which seats were bots: people play every seat.").to_string(),
            warn,
        ),
        Notice::Problem(text) => (text.clone(), warn),
        Notice::Info(text) => (text.clone(), plain),
    }
}

fn refusal(lang: Language, e: &RuleError) -> String {
    match e {
        RuleError::NothingToUndo => tr(lang, "Nothing to undo").into(),
        RuleError::NothingToRedo => tr(lang, "Nothing to redo").into(),
        RuleError::GameOver => tr(lang, "The game is over").into(),
        RuleError::PassNotAllowed => {
            tr(lang, "Passing is not allowed while a move is possible").into()
        }
        RuleError::NotYourMarble(_) => tr(lang, "That is not your marble").into(),
        RuleError::Occupied(_) => tr(lang, "That hole is taken").into(),
        RuleError::ForeignCamp(_) => tr(
            lang,
            "That hole is in another player's camp: you may jump through, not stop",
        )
        .into(),
        RuleError::LockedInTarget(_) => tr(
            lang,
            "This marble has reached its target and may only move inside it",
        )
        .into(),
        RuleError::RepetitionLimit => tr(
            lang,
            "Going back again is not allowed: the repetition limit is reached",
        )
        .into(),
        RuleError::IllegalMove { .. } => tr(
            lang,
            "The marble cannot reach that hole with a step or a chain of jumps",
        )
        .into(),
        RuleError::BadRoute { .. } => tr(lang, "That move is not allowed").into(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `.t("...")` and `tr(lang, "...")` text in the UI sources has a Chinese translation.
    #[test]
    fn every_ui_text_has_a_chinese_translation() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui");
        let mut missing = Vec::new();
        let mut found = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            // Comments may quote the markers; only code counts.
            let text: String = std::fs::read_to_string(&path)
                .unwrap()
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            // `lang.t("…")`, `t("…")` (a local shorthand) and `tr(lang, "…")`.
            for (marker, whole_word) in [("t(\"", true), ("tr(lang, \"", false)] {
                for (at, _) in text.match_indices(marker) {
                    let before = text[..at].chars().last().unwrap_or(' ');
                    if whole_word && (before.is_alphanumeric() || before == '_') {
                        continue;
                    }
                    let rest = &text[at + marker.len()..];
                    let english = &rest[..rest.find('"').unwrap()];
                    found += 1;
                    if !ZH.iter().any(|(en, _)| *en == english)
                        && !missing.contains(&english.to_string())
                    {
                        missing.push(english.to_string());
                    }
                }
            }
        }
        assert!(found > 50, "the scan found the UI texts ({found})");
        assert!(missing.is_empty(), "no Chinese for: {missing:#?}");
    }

    #[test]
    fn translations_fall_back_to_english_and_are_unique() {
        assert_eq!(tr(Language::Chinese, "Start game"), "开始游戏");
        assert_eq!(tr(Language::English, "Start game"), "Start game");
        assert_eq!(tr(Language::Chinese, "no such text"), "no such text");
        for (i, (en, _)) in ZH.iter().enumerate() {
            assert!(!ZH[..i].iter().any(|(e, _)| e == en), "{en} twice");
        }
    }
}
