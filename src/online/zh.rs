//! English → Simplified Chinese for network games (looked up by
//! `ui::i18n::tr` after the game's own table).

pub const ZH: &[(&str, &str)] = &[
    ("Network game", "网络对局"),
    (
        "Host a table or join one over the network.",
        "开一桌，或通过网络加入别人的桌。",
    ),
    ("Set up a table to host", "设置并主持一桌"),
    (
        "Choose players and rules; seats set to Remote player wait for people at other computers.",
        "选择玩家和规则；设为“远程玩家”的座位会等待其他电脑上的人加入。",
    ),
    ("Join a table", "加入一桌"),
    (
        "Ask the host for the address and the room code on their screen.",
        "向主机要他屏幕上显示的地址和房间码。",
    ),
    ("Address", "地址"),
    ("Room code", "房间码"),
    ("Your name", "你的名字"),
    ("Join", "加入"),
    ("Take your seat back at {}", "回到 {} 的座位"),
    (
        "A seat waits two minutes for its player.",
        "座位会为玩家保留两分钟。",
    ),
    ("Only watch", "只观战"),
    ("Follow the game without a seat.", "不占座位，只看对局。"),
    (
        "Others join with this address and code:",
        "其他人用这个地址和房间码加入：",
    ),
    ("Table at {}", "位于 {} 的桌"),
    ("Reaching the host…", "正在连接主机…"),
    ("Connection lost; coming back…", "连接中断，正在重连…"),
    ("Not at the table: {}", "未在桌上：{}"),
    (
        "Waiting for every remote seat to be taken.",
        "等待所有远程座位都有人加入。",
    ),
    (
        "Waiting for the host to start the game…",
        "等待主机开始对局…",
    ),
    ("Close the table", "关闭这桌"),
    ("Leave the table", "离开这桌"),
    ("(open)", "（空位）"),
    ("{} (you)", "{}（你）"),
    ("waiting for a player", "等待玩家"),
    ("at the host", "在主机上"),
    ("joined", "已加入"),
    ("connection lost", "连接中断"),
    ("Watching: {}", "观战：{}"),
    ("🌐 Hosting · {}", "🌐 主持中 · {}"),
    ("🌐 Online · {}", "🌐 在线 · {}"),
    ("⚠ {}: connection lost", "⚠ {}：连接中断"),
    ("A player", "一位玩家"),
    ("Take back a move?", "要悔棋吗？"),
    ("{} asks to take back the last move.", "{} 请求收回上一步。"),
    ("Allow", "同意"),
    ("Refuse", "拒绝"),
    ("Remote player", "远程玩家"),
    (
        "A person at another computer joins this seat over the network.",
        "另一台电脑上的人通过网络坐到这个座位。",
    ),
    ("Host game", "主持对局"),
    (
        "Open a network table: others join with its address and room code.",
        "开一张网络桌：其他人用地址和房间码加入。",
    ),
    ("The table could not be opened: {}", "无法开桌：{}"),
    ("Could not join: {}", "无法加入：{}"),
    (
        "Asked the host to take back the last move.",
        "已请求主机收回上一步。",
    ),
    (
        "Redo is not available in network games.",
        "网络对局中不能重做。",
    ),
    ("{} is back.", "{} 回来了。"),
    (
        "{} has lost the connection; the seat waits for them.",
        "{} 的连接中断了；座位会等他回来。",
    ),
    ("The host refused: {}", "主机拒绝了：{}"),
    (
        "The table has closed ({}). The game stays on screen: save it from the menu.",
        "这桌已关闭（{}）。对局留在屏幕上：可以从菜单保存。",
    ),
];
