import ChatRender
