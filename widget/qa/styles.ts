/** The widget's own CSS, inside its shadow root: the host page's CSS cannot reach in, ours cannot leak out. */
export const CSS = `
:host { all: initial; }
* { box-sizing: border-box; font-family: system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif; }
.btn { position: fixed; right: 20px; bottom: 20px; z-index: 2147483000; width: 56px; height: 56px; border-radius: 50%; border: 0; background: #2f5bea; color: #fff; font-size: 26px; cursor: pointer; box-shadow: 0 4px 14px rgba(0,0,0,.25); }
.btn:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid #ffb900; outline-offset: 2px; }
.panel { position: fixed; right: 20px; bottom: 88px; z-index: 2147483000; width: 360px; max-width: calc(100vw - 24px); height: 480px; max-height: calc(100vh - 110px); display: flex; flex-direction: column; background: #fff; color: #1b1b1b; border-radius: 12px; box-shadow: 0 8px 30px rgba(0,0,0,.3); overflow: hidden; font-size: 14px; line-height: 1.45; }
.panel[hidden] { display: none; }
.head { display: flex; justify-content: space-between; align-items: center; padding: 10px 14px; background: #2f5bea; color: #fff; font-weight: 600; }
.head button { background: none; border: 0; color: #fff; font-size: 20px; cursor: pointer; }
.log { flex: 1; overflow-y: auto; padding: 12px; display: flex; flex-direction: column; gap: 8px; }
.msg { padding: 8px 10px; border-radius: 10px; max-width: 88%; white-space: pre-wrap; word-wrap: break-word; }
.bot { background: #f1f3f8; align-self: flex-start; }
.me { background: #2f5bea; color: #fff; align-self: flex-end; }
.src { display: block; margin-top: 4px; font-size: 12px; color: #555; }
.sug { display: block; margin-top: 4px; background: #fff; border: 1px solid #2f5bea; color: #2f5bea; border-radius: 8px; padding: 4px 8px; cursor: pointer; text-align: left; font-size: 13px; }
form { display: flex; flex-direction: column; gap: 6px; padding: 10px; border-top: 1px solid #e3e3e3; }
.row { display: flex; gap: 6px; }
input { flex: 1; min-width: 0; padding: 8px; border: 1px solid #bbb; border-radius: 8px; font-size: 14px; color: #1b1b1b; background: #fff; }
.email { font-size: 12px; padding: 6px 8px; }
.send { padding: 8px 12px; border: 0; border-radius: 8px; background: #2f5bea; color: #fff; cursor: pointer; font-size: 14px; }
@media (max-width: 480px) { .panel { right: 12px; left: 12px; width: auto; bottom: 84px; } }
`;
